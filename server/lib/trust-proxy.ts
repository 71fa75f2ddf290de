// TRUST_PROXY: which hops in front of the portal may set X-Forwarded-For. Only settings that name
// proxies are accepted: a hop count, Express's named ranges, addresses or subnets. `true` (trust
// everyone) is refused: any client could then claim any address and walk past every per-IP limit.
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

export const TRUST_PROXY_RULE = 'TRUST_PROXY 应为代理跳数（如 1）、loopback、IP 地址或子网（如 10.0.0.0/8），多个用逗号分隔'

/** The Express "trust proxy" value: false when unset, a hop count, or the list of trusted proxies. */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = raw?.trim()
    if (!value) return false
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value.split(',').map((entry) => entry.trim())
    if (entries.every(isProxyEntry)) return entries
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_RULE })
    return z.NEVER
  })
