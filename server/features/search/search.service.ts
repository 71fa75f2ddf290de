// One search over teachers, specials and courses, backed by the SearchIndex FTS5 table
// (see prisma/migrations/*_search_index): texts are indexed as character bigrams, so any
// Chinese substring of one or more characters is an index lookup, never a table scan.
//
// Ranking: every title match (teacher name, course or topic title) comes before every match
// found only in the body (intro); within each group teachers, then topics, then courses,
// newest first. That order is plain rowid order in the index, so a page costs two id queries
// over the index plus one small select per kind. Results are capped at MAX_RESULTS so that a
// one-character query over 50,000 courses still answers in a few milliseconds.
import { excerpt } from '../../lib/cards'
import { cachedValue } from '../../lib/content-cache'
import { type Page } from '../../lib/pagination'
import { cutText } from '../../lib/sanitize'
import { prepared } from '../../lib/sqlite'
import type { SearchInput, SearchType } from './search.schemas'

export const MAX_RESULTS = 1000
const KIND_SPAN = 2 ** 32
const KIND_RANK = { teacher: 3, special: 2, course: 1 } as const
type Kind = keyof typeof KIND_RANK
const KIND_BY_RANK: Record<number, Kind> = { 3: 'teacher', 2: 'special', 1: 'course' }

/** Rowid range of one kind, or of all kinds. */
function rowidRange(type: SearchType): [number, number] {
  if (type === 'all') return [KIND_SPAN, 4 * KIND_SPAN - 1]
  const rank = KIND_RANK[type]
  return [rank * KIND_SPAN, (rank + 1) * KIND_SPAN - 1]
}

const decode = (rowid: number) => ({ kind: KIND_BY_RANK[Math.floor(rowid / KIND_SPAN)], id: rowid % KIND_SPAN })

/**
 * The FTS5 expression for one search term: each run of letters/digits becomes a phrase of its
 * bigrams ("领导力" -> "领导 导力"), a lone character a prefix query ("管"*), mirroring how the
 * migration's triggers index text. Runs are split where the unicode61 tokenizer splits, so
 * punctuation in a query never reaches the FTS5 parser.
 */
function termExpression(term: string): string | null {
  const runs = term.match(/[\p{L}\p{N}\p{Co}]+/gu) ?? []
  const parts = runs.map((run) => {
    const chars = Array.from(run)
    if (chars.length === 1) return `"${run}"*`
    return `"${chars
      .slice(0, -1)
      .map((c, i) => c + chars[i + 1])
      .join(' ')}"`
  })
  return parts.length ? parts.join(' AND ') : null
}

export function splitTerms(keyWord: string): string[] {
  return [...new Set(keyWord.split(/\s+/).filter(Boolean))].slice(0, 5)
}

type Hit = { kind: Kind; id: number }

function keywordHits(terms: string[], type: SearchType): Hit[] {
  // A term with no letters or digits (e.g. "+++") cannot be matched by the index: it is left out.
  const expressions = terms.map(termExpression).filter((e) => e !== null)
  if (!expressions.length) return []
  const expression = expressions.map((e) => `(${e})`).join(' AND ')
  const [from, to] = rowidRange(type)
  // pluck(): bare numbers instead of one object per row, half the cost on a 2,000-row answer.
  const ids = prepared<[string, number, number, number], number>(
    'SELECT rowid FROM "SearchIndex" WHERE "SearchIndex" MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid DESC LIMIT ?',
  ).pluck()
  const titleIds = ids.all(`title : (${expression})`, from, to, MAX_RESULTS)
  const titleSet = new Set(titleIds)
  const bodyIds = ids.all(`{title body} : (${expression})`, from, to, MAX_RESULTS + titleIds.length).filter((rowid) => !titleSet.has(rowid))
  return [...titleIds, ...bodyIds].slice(0, MAX_RESULTS).map(decode)
}

const labelSql = `
  SELECT rowid FROM (
    SELECT 3 * ${KIND_SPAN} + t."id" AS rowid FROM "TeacherTag" x JOIN "Teacher" t ON t."id" = x."teacherId" WHERE x."tagId" = @tag AND t."isPublished" = 1
    UNION ALL
    SELECT 2 * ${KIND_SPAN} + s."id" FROM "SpecialTag" x JOIN "Special" s ON s."id" = x."specialId" WHERE x."tagId" = @tag AND s."isPublished" = 1
    UNION ALL
    SELECT 1 * ${KIND_SPAN} + c."id" FROM "CourseTag" x JOIN "Course" c ON c."id" = x."courseId" WHERE x."tagId" = @tag AND c."isPublished" = 1
  ) WHERE rowid BETWEEN @from AND @to ORDER BY rowid DESC LIMIT ${MAX_RESULTS}`

function labelHits(label: string, type: SearchType): Hit[] {
  const tag = prepared<[string], { id: number }>('SELECT "id" FROM "Tag" WHERE "name" = ?').get(label)
  if (!tag) return []
  const [from, to] = rowidRange(type)
  return prepared<[{ tag: number; from: number; to: number }], number>(labelSql).pluck().all({ tag: tag.id, from, to }).map(decode)
}

/** Fields of a result that contain any term, for highlighting; case-insensitive like the index. */
function matchedFields(fields: Record<string, string>, terms: string[]): string[] {
  const lowered = terms.map((t) => t.toLocaleLowerCase())
  return Object.entries(fields)
    .filter(([, value]) => lowered.some((term) => value.toLocaleLowerCase().includes(term)))
    .map(([name]) => name)
}

/** An intro excerpt that shows the first match even when it sits far into the text. */
function snippet(text: string, terms: string[], max = 100): string {
  const chars = Array.from(text)
  const lower = text.toLocaleLowerCase()
  const at = Math.min(...terms.map((t) => lower.indexOf(t.toLocaleLowerCase())).filter((i) => i >= 0))
  if (!Number.isFinite(at) || chars.length <= max) return excerpt(text, max)
  const start = Math.max(0, Array.from(text.slice(0, at)).length - 20)
  if (start === 0) return excerpt(text, max)
  return `…${cutText(chars.slice(start).join(''), max)}`
}

// One statement per kind for the whole page: ids go in as a JSON array (json_each), so the
// statement text never changes and stays prepared.
const hydrateSql = {
  teacher:
    'SELECT "id", "name", "photo", "title", "intro" FROM "Teacher" WHERE "id" IN (SELECT "value" FROM json_each(?)) AND "isPublished" = 1',
  special:
    'SELECT "id", "title", "cover", "specialUrl", "intro" FROM "Special" WHERE "id" IN (SELECT "value" FROM json_each(?)) AND "isPublished" = 1',
  course: `SELECT c."id", c."title", c."cover", c."intro", t."id" AS "teacherId", t."name" AS "teacherName"
    FROM "Course" c LEFT JOIN "Teacher" t ON t."id" = c."teacherId" WHERE c."id" IN (SELECT "value" FROM json_each(?)) AND c."isPublished" = 1`,
}
type TeacherRow = { id: number; name: string; photo: string; title: string; intro: string }
type SpecialRow = { id: number; title: string; cover: string; specialUrl: string; intro: string }
type CourseRow = { id: number; title: string; cover: string; intro: string; teacherId: number | null; teacherName: string | null }

function hydrate(hits: Hit[], terms: string[]) {
  const rows = <R>(kind: Kind): R[] => {
    const ids = hits.filter((h) => h.kind === kind).map((h) => h.id)
    return ids.length ? prepared<[string], R>(hydrateSql[kind]).all(JSON.stringify(ids)) : []
  }
  const teachers = rows<TeacherRow>('teacher')
  const specials = rows<SpecialRow>('special')
  const courses = rows<CourseRow>('course')
  const byKey = new Map<string, unknown>()
  const matched = (fields: Record<string, string>) => (terms.length ? matchedFields(fields, terms) : ['tags'])
  for (const t of teachers) {
    byKey.set(`teacher:${t.id}`, {
      type: 'teacher',
      id: t.id,
      name: t.name,
      img: t.photo,
      title: t.title,
      intro: snippet(t.intro, terms),
      matched: matched({ name: t.name, title: t.title, intro: t.intro }),
    })
  }
  for (const s of specials) {
    byKey.set(`special:${s.id}`, {
      type: 'special',
      id: s.id,
      title: s.title,
      cover_img: s.cover,
      special_url: s.specialUrl,
      intro: snippet(s.intro, terms),
      matched: matched({ title: s.title, intro: s.intro }),
    })
  }
  for (const c of courses) {
    byKey.set(`course:${c.id}`, {
      type: 'course',
      id: c.id,
      title: c.title,
      cover_img: c.cover,
      intro: snippet(c.intro, terms),
      teacher: c.teacherId === null ? null : { id: c.teacherId, name: c.teacherName ?? '' },
      matched: matched({ title: c.title, intro: c.intro }),
    })
  }
  // A row unpublished between the two reads simply drops out of the page.
  return hits.map((h) => byKey.get(`${h.kind}:${h.id}`)).filter((item) => item !== undefined)
}

export type SearchResult = Page<unknown> & { type: SearchType; keyWord: string | null; label: string | null; isCapped: boolean }

export function search({ type, keyWord, label, page, limit }: SearchInput): SearchResult {
  const terms = keyWord ? splitTerms(keyWord) : []
  // The ranking is kept until content changes, so paging and popular keywords cost one lookup.
  const hits =
    label !== undefined
      ? cachedValue(`search:label:${type}:${label}`, () => labelHits(label, type))
      : cachedValue(`search:keyword:${type}:${terms.join(' ')}`, () => keywordHits(terms, type))
  const pageHits = hits.slice((page - 1) * limit, page * limit)
  return {
    list: hydrate(pageHits, terms),
    total: hits.length,
    page,
    limit,
    type,
    keyWord: keyWord ?? null,
    label: label ?? null,
    isCapped: hits.length >= MAX_RESULTS,
  }
}
