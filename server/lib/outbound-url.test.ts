import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { isPrivateAddress, outboundDns, outboundFetch, outboundUrlProblem, PRIVATE_ADDRESS_CODE } from './outbound-url'

describe('isPrivateAddress', () => {
  test('refuses loopback, private, link-local, metadata, multicast and reserved addresses, IPv4-mapped ones too', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an ip',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true])
    }
  })

  test('allows public addresses', () => {
    for (const address of ['8.8.8.8', '203.119.1.1', '172.32.0.1', '2400:3200::1', '::ffff:8.8.8.8']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false])
    }
  })
})

describe('outboundUrlProblem', () => {
  test('takes http(s) only, without credentials, and public hosts unless private ones are allowed', async () => {
    expect(await outboundUrlProblem('ftp://example.com/x', { allowPrivate: true })).toBe('地址应以 http:// 或 https:// 开头')
    expect(await outboundUrlProblem('http://a:b@example.com/x', { allowPrivate: true })).toBe('地址中不能包含用户名或密码')
    expect(await outboundUrlProblem('nonsense', { allowPrivate: true })).toBe('地址格式不正确')
    expect(await outboundUrlProblem('http://127.0.0.1:9/hook', { allowPrivate: true })).toBeUndefined()
    expect(await outboundUrlProblem('http://127.0.0.1:9/hook', { allowPrivate: false })).toMatch(
      /^不允许推送到内网或本机地址（127\.0\.0\.1）/,
    )
    expect(await outboundUrlProblem('http://[::1]/hook', { allowPrivate: false })).toMatch(/（::1）/)
    expect(await outboundUrlProblem('http://localhost/hook', { allowPrivate: false })).toMatch(/（localhost）/)
    expect(await outboundUrlProblem('https://8.8.8.8/hook', { allowPrivate: false })).toBeUndefined()
  })
})

describe('outboundFetch', () => {
  const realLookup = outboundDns.lookup
  let server: http.Server
  let port: number
  const received: string[] = []
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      received.push(req.url ?? '')
      res.end('ok')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    outboundDns.lookup = realLookup
    await new Promise((resolve) => server.close(resolve))
  })

  test('a name that answers a public address to the check and a private one to the connection (DNS rebinding) is refused at connection', async () => {
    const answers = ['203.119.1.1', '127.0.0.1']
    outboundDns.lookup = (host) =>
      Promise.resolve([{ address: answers.shift() ?? '127.0.0.1', family: 4 }].filter(() => host === 'rebind.test'))
    const url = `http://rebind.test:${port}/hook`

    expect(await outboundUrlProblem(url, { allowPrivate: false })).toBeUndefined()
    const refused = await outboundFetch(url, { method: 'POST', body: '{}' }, { allowPrivate: false }).catch((error: unknown) => error)

    expect((refused as { cause?: { code?: string } }).cause?.code).toBe(PRIVATE_ADDRESS_CODE)
    expect(received).toEqual([])
  })

  test('when private hosts are allowed (an intranet relay, tests), they connect as before', async () => {
    const allowed = await outboundFetch(`http://localhost:${port}/allowed`, { method: 'POST', body: '{}' }, { allowPrivate: true })
    expect(await allowed.text()).toBe('ok')
    expect(received).toEqual(['/allowed'])
  })
})
