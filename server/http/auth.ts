// Where a request says who is calling: the bearer token of its Authorization header. The token is
// checked (signature, expiry, the member behind it) by data/member-tokens.ts.
import type { IncomingMessage } from 'node:http'

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}
