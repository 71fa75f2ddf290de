// Who a per-address limit counts. An IPv4 address is one client; an IPv6 client usually owns a
// whole /64 (SLAAC, privacy addresses), so it could otherwise draw a fresh address per request
// and never meet a limit. Every per-IP limit keys on `limitKey`, never on the raw address.
import net from 'node:net'

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address)) return null
  let text = address
  // A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const front = parse(head)
  const back = parse(tail)
  const zeros = tail === undefined ? [] : Array<number>(8 - front.length - back.length).fill(0)
  return [...front, ...zeros, ...back]
}

const isMappedIpv4 = (groups: number[]) => groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff

/**
 * The key a per-address limit counts under: IPv4 as it is, an IPv4-mapped IPv6 address as its IPv4
 * address, any other IPv6 address as its /64 prefix ("2001:db8:1:2::/64"). Anything else (an
 * unknown address) is returned as given.
 */
export function limitKey(ip: string): string {
  const address = ip.split('%')[0] // a zone index (fe80::1%eth0) names the interface, not the client
  if (net.isIPv4(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return ip
  if (isMappedIpv4(groups)) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.')
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
