import { execFileSync } from 'node:child_process'
import express from 'express'
import request from '../test/request'
import { projectRoot } from './database-url'
import { isPrivateAddress, TRUST_PROXY_RULE, trustProxySchema } from './trust-proxy'

/**
 * A server with this TRUST_PROXY that answers the client address Express settles on. The test
 * plays the connecting peer through `X-Test-Peer`, since every real test connection is loopback.
 */
function serverWith(setting: string) {
  const app = express()
  app.set('trust proxy', trustProxySchema.parse(setting))
  app.use((req, _res, next) => {
    const peer = req.get('X-Test-Peer')
    if (peer) Object.defineProperty(req.socket, 'remoteAddress', { value: peer, configurable: true })
    next()
  })
  app.get('/ip', (req, res) => {
    res.json(req.ip)
  })
  return (peer: string, forwardedFor: string) => request(app).get('/ip').set('X-Test-Peer', peer).set('X-Forwarded-For', forwardedFor)
}

describe('TRUST_PROXY', () => {
  test('accepts hop counts, named ranges, addresses and subnets', () => {
    expect(trustProxySchema.parse(undefined)).toBe(false)
    expect(trustProxySchema.parse('')).toBe(false)
    expect(trustProxySchema.parse('1')).toEqual(expect.any(Function))
    expect(trustProxySchema.parse('loopback')).toEqual(['loopback'])
    expect(trustProxySchema.parse('10.0.0.0/8, 192.168.1.5,::1,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.5', '::1', 'fd00::/8'])
  })

  test.each(['true', 'yes', '*', '10.0.0.0/33', '300.1.1.1', 'loopback,anything'])('refuses %s', (value) => {
    const result = trustProxySchema.safeParse(value)
    expect(result.error?.issues[0]?.message).toBe(TRUST_PROXY_RULE)
  })

  test('the server refuses to start with TRUST_PROXY=true, naming the variable instead of crashing later', () => {
    const run = () =>
      execFileSync(process.execPath, ['--import', 'tsx', '-e', "await import('./server/env.ts')"], {
        cwd: projectRoot,
        env: { ...process.env, TRUST_PROXY: 'true' },
        stdio: 'pipe',
      })
    expect(run).toThrow(/TRUST_PROXY: TRUST_PROXY 应为代理跳数/)
  })

  test('knows which addresses the internet cannot connect from', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.0.9',
      '192.168.1.1',
      '169.254.0.5',
      '::1',
      'fd12::3',
      'fe80::1',
      '::ffff:10.0.0.2',
    ])
      expect(isPrivateAddress(address), address).toBe(true)
    for (const address of ['203.0.113.9', '172.32.0.1', '8.8.8.8', '2001:db8::1', '::ffff:203.0.113.9', 'junk', ''])
      expect(isPrivateAddress(address), address).toBe(false)
  })

  describe('a hop count', () => {
    const server = serverWith('1')

    test('cannot be fooled by a client that connects directly from the internet', async () => {
      const res = await server('203.0.113.50', '1.2.3.4')
      expect(res.body).toBe('203.0.113.50')
      expect((await server('2001:db8::50', '1.2.3.4')).body).toBe('2001:db8::50')
    })

    test('takes the forwarded address from a proxy on a private, loopback or unique-local address', async () => {
      expect((await server('10.0.0.2', '198.51.100.23')).body).toBe('198.51.100.23')
      expect((await server('127.0.0.1', '198.51.100.24')).body).toBe('198.51.100.24')
      expect((await server('::ffff:192.168.0.3', '198.51.100.25')).body).toBe('198.51.100.25')
      expect((await server('fd00::2', '2001:db8:1:2::9')).body).toBe('2001:db8:1:2::9')
    })

    test("trusts only as many hops as counted: what the client wrote before the proxy's entry is ignored", async () => {
      expect((await server('10.0.0.2', '1.2.3.4, 198.51.100.23')).body).toBe('198.51.100.23')
      expect((await serverWith('2')('10.0.0.2', '1.2.3.4, 10.0.0.7, 198.51.100.23')).body).toBe('198.51.100.23')
    })
  })

  test('a public proxy is trusted when named by address', async () => {
    const server = serverWith('203.0.113.10')
    expect((await server('203.0.113.10', '198.51.100.30')).body).toBe('198.51.100.30')
    expect((await server('203.0.113.11', '198.51.100.30')).body).toBe('203.0.113.11')
  })
})
