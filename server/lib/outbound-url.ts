// Addresses the server posts to on staff's say-so (alert webhooks): only http(s), and, unless allowed,
// never the machine itself or the internal network, so a console URL cannot be used to probe or
// call services behind the firewall (SSRF). The host's name is resolved and every address checked,
// once for staff's clear message and again by the connection itself (`outboundFetch`), which connects
// only to the addresses it checked: a name cannot answer a public address to the first check and a
// private one to the connection (DNS rebinding).
import type { LookupAddress } from 'node:dns'
import dns from 'node:dns/promises'
import net from 'node:net'
import type { Agent, RequestInit } from 'undici'

const blocked = new net.BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4')
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6')

/** True for loopback, private, link-local, multicast and reserved addresses (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return isPrivateAddress(mapped[1])
  const family = net.isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family === 6) return blocked.check(address, 'ipv6')
  return true
}

/** How host names are resolved; tests stand in one whose answer changes between calls. */
export const outboundDns = { lookup: (host: string) => dns.lookup(host, { all: true, verbatim: true }) }

export const privateAddressProblem = (host: string) =>
  `不允许推送到内网或本机地址（${host}）；如确需使用内网中转，请设置 ALERT_ALLOW_PRIVATE_HOSTS=1`

/** The code a connection refused by `outboundFetch` fails with (in the error's cause). */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATEADDRESS'

/** Why `raw` may not be posted to (Chinese, for staff), or undefined when it may. */
export async function outboundUrlProblem(raw: string, { allowPrivate }: { allowPrivate: boolean }): Promise<string | undefined> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return '地址格式不正确'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '地址应以 http:// 或 https:// 开头'
  if (url.username || url.password) return '地址中不能包含用户名或密码'
  if (allowPrivate) return undefined
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = net.isIP(host) ? [host] : (await outboundDns.lookup(host)).map((entry) => entry.address)
  } catch {
    return `无法解析域名 ${host}`
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) return privateAddressProblem(host)
  return undefined
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** The socket's own lookup (net.connect calls it): it answers only addresses it checked, or fails. */
function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  outboundDns.lookup(hostname).then(
    (entries) => {
      if (entries.length === 0 || entries.some((entry) => isPrivateAddress(entry.address))) {
        callback(Object.assign(new Error(`${hostname}: private address refused`), { code: PRIVATE_ADDRESS_CODE }), [])
      } else if (options.all) callback(null, entries)
      else callback(null, entries[0].address, entries[0].family)
    },
    (error: NodeJS.ErrnoException) => callback(error, []),
  )
}

// undici is loaded on the first post (an alert), not with every process.
let publicOnly: Promise<Agent> | undefined
const publicOnlyAgent = () => (publicOnly ??= import('undici').then(({ Agent }) => new Agent({ connect: { lookup: publicOnlyLookup } })))

/**
 * fetch for an address staff typed: unless private hosts are allowed, it connects only to public
 * addresses, checked at connection time. An IP literal is connected without a lookup: outboundUrlProblem
 * (called first) has checked it, and it cannot change.
 */
export async function outboundFetch(url: string, init: RequestInit, { allowPrivate }: { allowPrivate: boolean }) {
  const { fetch } = await import('undici')
  return fetch(url, allowPrivate ? init : { ...init, dispatcher: await publicOnlyAgent() })
}
