// A bounded, seeded fuzz of every registered action, generated from the registry: hostile values
// in each field of the example payload, hostile bodies, bad tokens and broken multipart forms.
// Whatever comes in, the answer is a JSON envelope with a 4xx (or a 200), never a 5xx, a stack
// trace, SQL text or an English validator message.
import request from '../test/request'
import { seededRandom } from '../../common/seeded-random'
import { actions } from '../actions'
import { createApp } from '../app'
import { createSignedInMember } from '../test/member-factories'
import { actionPath, type Action } from '../lib/action'

const SEED = 20261123
const REQUESTS_PER_ACTION = 40

const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) })

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  2 ** 53 + 1,
  1.5,
  '',
  ' ',
  'abc',
  '1e5',
  '0x10',
  '١٢٣',
  '\ud800',
  'a\udfffb',
  '\u202e.exe',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"); DROP TABLE "Member"; --',
  '../../etc/passwd',
  'x'.repeat(10_000),
  '经'.repeat(3_000),
  [],
  [[[[1]]]],
  ['1'],
  {},
  { valueOf: 1, toString: 1 },
  { valueOf: null },
  { toString: 'x' },
  { __proto__: { admin: true } },
  { constructor: { prototype: { x: 1 } } },
  deep(80),
]

const HOSTILE_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '[1,2,3]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '12' },
  { type: 'application/json', body: '{"a":"\\ud800"}' },
  { type: 'application/json', body: `{${'"a":1,'.repeat(5000)}"b":2}` },
  { type: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { type: 'application/json; charset=latin1', body: '{}' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/x-www-form-urlencoded', body: 'page=1&limit=2' },
  { type: 'multipart/form-data', body: '--x\r\n' },
  { type: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc' },
  { type: 'multipart/form-data; boundary=zz', body: '--zz\r\nbroken header\r\n\r\n--zz--' },
]

const TOKENS = ['Bearer ', 'Bearer x.y.z', 'Basic abc', `Bearer ${'a'.repeat(5000)}`, 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.']

// zod's English defaults, stack frames, SQL and driver names: none of them may reach a caller.
const LEAKS =
  /Invalid input|expected|received|Required|Unrecognized|Too (big|small)|must be|at [\w.<>]+ \(|\.ts:\d+|SELECT|INSERT|UPDATE|prisma|sqlite|SQLITE/i

type Sample = { what: string; status: number; body: unknown; type: string | undefined }

function mutate(example: unknown, next: () => number): unknown {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]
  const base = example && typeof example === 'object' && !Array.isArray(example) ? { ...(example as object) } : {}
  const keys = Object.keys(base)
  const roll = next()
  if (roll < 0.1) return pick(HOSTILE_VALUES)
  if (roll < 0.2 || !keys.length)
    return { ...base, [pick(['page', 'limit', 'id', 'extra', '__proto__', 'constructor'])]: pick(HOSTILE_VALUES) }
  const mutated: Record<string, unknown> = base
  // One to three fields at a time.
  for (let i = 0, n = 1 + Math.floor(next() * 3); i < n; i++) mutated[pick(keys)] = pick(HOSTILE_VALUES)
  return mutated
}

/** A hostile value as text for a multipart part: String() throws on an object without a prototype. */
const asText = (value: unknown): string => {
  try {
    return String(value)
  } catch {
    return JSON.stringify(value) ?? ''
  }
}

async function send(app: ReturnType<typeof createApp>, action: Action, auth: string | undefined, next: () => number): Promise<Sample> {
  const path = actionPath(action)
  let req = request(app).post(path)
  if (auth) req = req.set('Authorization', auth)
  const roll = next()
  let what: string
  if (action.upload && roll < 0.5) {
    const field = next() < 0.5 ? 'file' : 'other'
    const name = ['a.png', '../x.png', '\u202egnp.exe', '', 'a'.repeat(300)][Math.floor(next() * 5)]
    const bytes = Buffer.from(asText(mutate({}, next)).slice(0, 200))
    what = `multipart ${field} ${JSON.stringify(name)}`
    req = req.field('kind', asText(mutate('image', next))).attach(field, bytes, name || 'x')
  } else if (roll < 0.25) {
    const { type, body } = HOSTILE_BODIES[Math.floor(next() * HOSTILE_BODIES.length)]
    what = `${type} ${body.slice(0, 40)}`
    req = req.set('Content-Type', type).send(body)
  } else {
    const payload = mutate(action.example, next)
    what = `json ${JSON.stringify(payload)?.slice(0, 80)}`
    req = req.set('Content-Type', 'application/json').send(JSON.stringify(payload) ?? 'null')
  }
  const res = await req
  return { what, status: res.status, body: res.body, type: res.headers['content-type'] }
}

function problemsOf(action: Action, sample: Sample): string[] {
  const problems: string[] = []
  const label = `${actionPath(action)} ${sample.what}`
  const body = sample.body as { code?: unknown; msg?: unknown; data?: unknown } | null
  if (sample.status >= 500) problems.push(`${label}: status ${sample.status}`)
  if (!sample.type?.startsWith('application/json')) problems.push(`${label}: not JSON (${sample.type})`)
  if (!body || typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body))
    problems.push(`${label}: not an envelope`)
  else if (body.code !== 200) {
    if (LEAKS.test(body.msg as string)) problems.push(`${label}: leaks "${body.msg}"`)
    if (!/[\u4e00-\u9fff]/.test(body.msg as string)) problems.push(`${label}: message not in Chinese "${body.msg}"`)
  }
  return problems
}

describe('fuzz: every registered action against hostile input', () => {
  test(
    `${REQUESTS_PER_ACTION} seeded hostile requests per action answer only envelopes without 5xx or leaks`,
    { timeout: 240_000 },
    async () => {
      const app = createApp()
      const next = seededRandom(SEED)
      const problems: string[] = []
      let sent = 0
      for (const action of actions) {
        // A fresh member per action, so one action's hostile write (a password change, a deletion)
        // never stops the next from being exercised past the token check.
        const role = typeof action.access === 'object' ? 'admin' : 'member'
        const member = action.access === 'public' ? null : await createSignedInMember({ role })
        for (let i = 0; i < REQUESTS_PER_ACTION; i++) {
          const tokenRoll = next()
          const auth = !member ? undefined : tokenRoll < 0.15 ? TOKENS[Math.floor(next() * TOKENS.length)] : member.auth
          problems.push(...problemsOf(action, await send(app, action, auth, next)))
          sent++
        }
      }
      expect(sent).toBeGreaterThanOrEqual(3000)
      expect(problems.slice(0, 30)).toEqual([])
    },
  )
})
