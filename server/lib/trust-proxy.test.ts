import { execFileSync } from 'node:child_process'
import { projectRoot } from './database-url'
import { TRUST_PROXY_RULE, trustProxySchema } from './trust-proxy'

describe('TRUST_PROXY', () => {
  test('accepts hop counts, named ranges, addresses and subnets', () => {
    expect(trustProxySchema.parse(undefined)).toBe(false)
    expect(trustProxySchema.parse('')).toBe(false)
    expect(trustProxySchema.parse('1')).toBe(1)
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
})
