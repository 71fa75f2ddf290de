// The one screening function every member text goes through: contributions (title and content),
// nicknames and cooperation inquiries, against the admins' sensitive-word list (kept by
// Admin/sensitiveWord*). A `block` word refuses the text; a `mask` word is stored as ＊. Every word
// found is logged (SensitiveHit), refused or not.
import { afterWrite, prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { cached, tagsChanged } from '../../data/cache'
import { MASK_CHAR, type SensitiveMode, type SensitiveSource } from '../../../common/rules'
import { SensitiveMatcher } from './sensitive-matcher'

const WORDS_TAG = 'sensitive-words'

// The matcher is rebuilt after a change of the list: at once in this process, within about a
// second in another (the cache's change poll), and at least once a minute anyway.
afterWrite((model) => {
  if (model === 'SensitiveWord') tagsChanged([WORDS_TAG])
})

type Compiled = { matcher: SensitiveMatcher; modes: SensitiveMode[] }

const compiledList = () =>
  cached<Compiled>(
    'sensitive-words',
    async () => {
      const rows = await prisma.sensitiveWord.findMany({ select: { word: true, mode: true }, orderBy: { id: 'asc' } })
      return { matcher: new SensitiveMatcher(rows.map((row) => row.word)), modes: rows.map((row) => row.mode as SensitiveMode) }
    },
    { tags: [WORDS_TAG], sizeOf: ({ matcher }) => 256 + matcher.words.length * 200 },
  )

export type ScreenField = { text: string; isHtml?: boolean }
export type ScreenContext = {
  source: SensitiveSource
  memberId: number | null
  /** What the refusal calls the text: 内容, 昵称 … */
  subject: string
}

/** Words logged per screening at most: a text stuffed with listed words must not flood the log. */
const MAX_HITS_PER_TEXT = 20
const EXCERPT_SIDE = 20

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff

/** `text` with each character at `positions` replaced by ＊ (a surrogate pair by one ＊). */
function maskAt(text: string, positions: Set<number>): string {
  let out = ''
  let from = 0
  for (const at of [...positions].sort((a, b) => a - b)) {
    out += text.slice(from, at)
    const isPairTail = positions.has(at - 1) && isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at))
    if (!isPairTail) out += MASK_CHAR
    from = at + 1
  }
  return out + text.slice(from)
}

/** The words around a match, markup left out, for the hit log. */
function excerptOf({ text, isHtml }: ScreenField, positions: number[]): string {
  const start = positions[0]
  const end = positions[positions.length - 1] + 1
  const window = EXCERPT_SIDE * 4
  let lead = text.slice(Math.max(0, start - window), start)
  let tail = text.slice(end, end + window)
  let word = text.slice(start, end)
  if (isHtml) {
    // The window may cut a tag in two: drop the halves, then the whole tags.
    lead = lead.replace(/^[^<]*>/, '').replace(/<[^>]*>/g, '')
    tail = tail.replace(/<[^>]*$/, '').replace(/<[^>]*>/g, '')
    word = word.replace(/<[^>]*>/g, '')
  }
  const squeeze = (value: string) => value.replace(/\s+/g, ' ')
  return `${Array.from(squeeze(lead)).slice(-EXCERPT_SIDE).join('')}${word}${Array.from(squeeze(tail)).slice(0, EXCERPT_SIDE).join('')}`.trim()
}

/**
 * Screens member text against the list. Any `block` word refuses it (400, naming the words); `mask`
 * words come back replaced by ＊. Every word found is logged first, so refusals are on record too.
 */
export async function screenText<K extends string>(fields: Record<K, ScreenField>, context: ScreenContext): Promise<Record<K, string>> {
  const { matcher, modes } = await compiledList()
  const result = Object.fromEntries(Object.entries<ScreenField>(fields).map(([key, field]) => [key, field.text])) as Record<K, string>
  if (matcher.isEmpty) return result
  const hits = new Map<number, string>()
  const blocked: string[] = []
  for (const [key, field] of Object.entries<ScreenField>(fields)) {
    const matches = matcher.find(field.text, field.isHtml)
    if (!matches.length) continue
    const masked = new Set<number>()
    for (const { word, positions } of matches) {
      if (!hits.has(word)) hits.set(word, excerptOf(field, positions))
      if (modes[word] === 'block') {
        if (!blocked.includes(matcher.words[word])) blocked.push(matcher.words[word])
      } else for (const position of positions) masked.add(position)
    }
    if (masked.size) result[key as K] = maskAt(field.text, masked)
  }
  if (!hits.size) return result
  await prisma.sensitiveHit.createMany({
    data: [...hits].slice(0, MAX_HITS_PER_TEXT).map(([word, excerpt]) => ({
      word: matcher.words[word],
      mode: modes[word],
      source: context.source,
      memberId: context.memberId,
      excerpt,
    })),
  })
  if (blocked.length) {
    throw new ApiError(Code.BAD_PARAMS, `${context.subject}包含敏感词${blocked.map((word) => `「${word}」`).join('、')}，请修改后再提交`)
  }
  return result
}
