// A bounded reader for plain JSON request bodies, used by the hot actions (hot-actions.ts) in
// place of express.json(), whose stream plumbing (raw-body, type-is, iconv) costs more than
// a small cached answer. It reads only the common case; anything else is left to express.json().
import type { IncomingMessage } from 'node:http'

/** The JSON body limit for every API action (the general parser in app.ts uses the same). */
export const JSON_BODY_LIMIT = 1024 * 1024

const jsonType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i

/**
 * True when this reader handles the request exactly as express.json() would: no body, or a JSON
 * body in UTF-8 without content encoding, whose declared length is within the limit.
 */
export function isPlainJsonRequest(req: IncomingMessage): boolean {
  const { headers } = req
  const encoding = headers['content-encoding']
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false
  const length = headers['content-length']
  if (length !== undefined && !(Number(length) <= JSON_BODY_LIMIT)) return false
  const type = headers['content-type']
  return type === undefined || jsonType.test(type)
}

/** Failures shaped like body-parser's, so errorHandler answers them the same way. */
const failure = (type: string, status: number, message: string) => Object.assign(new Error(message), { type, status })

/**
 * The parsed body, or undefined when there is none or it is not JSON (express.json() leaves
 * req.body unset then). Only for requests isPlainJsonRequest() accepted.
 */
export function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
  if (!hasBody || req.headers['content-type'] === undefined) return Promise.resolve(undefined)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= JSON_BODY_LIMIT) chunks.push(chunk)
    })
    req.once('error', reject)
    req.once('end', () => {
      if (size > JSON_BODY_LIMIT) return reject(failure('entity.too.large', 413, 'request entity too large'))
      const text = Buffer.concat(chunks, size).toString('utf8')
      if (text.length === 0) return resolve({})
      // express.json() is strict: only an object or an array at the top level.
      const first = text.trimStart()[0]
      if (first !== '{' && first !== '[') return reject(failure('entity.parse.failed', 400, 'JSON body must be an object or array'))
      try {
        resolve(JSON.parse(text))
      } catch {
        reject(failure('entity.parse.failed', 400, 'malformed JSON body'))
      }
    })
  })
}
