// TRUST_PROXY: which hops in front of the portal may set X-Forwarded-For. Only settings that name
// proxies are accepted: a hop count, Express's named ranges, addresses or subnets. `true` (trust
// everyone) is refused: any client could then claim any address and walk past every per-IP limit.
//
// A hop count alone would trust whoever connects, and the server listens on 0.0.0.0: a client
// reaching the port directly, past the proxy, could write any X-Forwarded-For. So a counted hop is
// trusted only when it is a loopback, private (10/8, 172.16/12, 192.168/16), unique-local (fc00::/7)
// or link-local address, which the internet cannot connect from. A proxy on a public address (a
// CDN, a load balancer elsewhere) must be named by its address or subnet instead.
import net from 'node:net'
import { z } from 'zod'

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isSubnet(value: string): boolean {
  const [address, bits, ...rest] = value.split('/')
  if (rest.length || bits === undefined || !/^\d{1,3}$/.test(bits)) return false
  const version = net.isIP(address)
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128)
}

const isProxyEntry = (entry: string) => NAMED.has(entry) || net.isIP(entry) !== 0 || isSubnet(entry)

// IPv4 rules also match IPv4-mapped IPv6 addresses (::ffff:10.0.0.1), as a dual-stack socket reports them.
const PRIVATE = new net.BlockList()
for (const [address, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  PRIVATE.addSubnet(address, bits, 'ipv4')
for (const [address, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(address, bits, 'ipv6')

/** Whether `address` is one the internet cannot connect from (loopback, private, unique-local, link-local). */
export function isPrivateAddress(address: string): boolean {
  const version = net.isIP(address)
  return version !== 0 && PRIVATE.check(address, version === 4 ? 'ipv4' : 'ipv6')
}

/** Express's trust function: hop `hop` (0 = the connecting peer) is trusted when it is private and within the count. */
export type TrustHop = (address: string, hop: number) => boolean

/** Trusts up to `hops` proxies, each only when its address is private. */
export const trustPrivateHops =
  (hops: number): TrustHop =>
  (address, hop) =>
    hop < hops && isPrivateAddress(address)

export const TRUST_PROXY_RULE = 'TRUST_PROXY 应为代理跳数（如 1）、loopback、IP 地址或子网（如 10.0.0.0/8），多个用逗号分隔'

/**
 * The Express "trust proxy" setting: false when unset, a hop count as a trust function over
 * private addresses (see above), or the list of trusted proxies.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): false | TrustHop | string[] => {
    const value = raw?.trim()
    if (!value) return false
    if (/^\d+$/.test(value)) return trustPrivateHops(Number(value))
    const entries = value.split(',').map((entry) => entry.trim())
    if (entries.every(isProxyEntry)) return entries
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_RULE })
    return z.NEVER
  })
