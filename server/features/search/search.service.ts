// One search over teachers, specials and courses, backed by the SearchIndex table (SQLite: FTS5,
// prisma/migrations/*_search_index; PostgreSQL: bigram arrays under GIN,
// prisma/postgres/migrations/*_search_index): texts are indexed as character bigrams, so any
// Chinese substring of one or more characters is an index lookup, never a table scan.
//
// Ranking: every title match (teacher name, course or special title) comes before every match
// found only in the body (intro); within each group teachers, then specials, then courses,
// newest first. That order is plain rowid order in the index, so a page costs two id queries
// over the index plus one small select per kind. Results are capped at MAX_RESULTS so that a
// one-character query over 50,000 courses still answers in a few milliseconds.
import { excerpt } from '../../lib/cards'
import { searchIndexIds } from '../../data/sql'
import { prisma } from '../../db'
import { cutText } from '../../lib/sanitize'
import { commentCountsOf } from '../comment/comment.service'
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
 * The runs of letters/digits of a term, which must each occur whole ("领导力" matches texts
 * containing 领导力). Runs are split where SQLite's unicode61 tokenizer splits, so punctuation in a
 * query never reaches the index; how each database looks them up is server/data/sql's concern.
 */
function termRuns(term: string): string[] {
  return term.match(/[\p{L}\p{N}\p{Co}]+/gu) ?? []
}

export function splitTerms(keyWord: string): string[] {
  return [...new Set(keyWord.split(/\s+/).filter(Boolean))].slice(0, 5)
}

type Hit = { kind: Kind; id: number }

async function keywordHits(terms: string[], type: SearchType): Promise<Hit[]> {
  // A term with no letters or digits (e.g. "+++") cannot be matched by the index: it is left out.
  const runs = [...new Set(terms.flatMap(termRuns))]
  if (!runs.length) return []
  const [from, to] = rowidRange(type)
  const titleIds = await searchIndexIds(runs, 'title', from, to, MAX_RESULTS)
  const titleSet = new Set(titleIds)
  const bodyIds = (await searchIndexIds(runs, 'any', from, to, MAX_RESULTS + titleIds.length)).filter((rowid) => !titleSet.has(rowid))
  return [...titleIds, ...bodyIds].slice(0, MAX_RESULTS).map(decode)
}

/** Published teachers, specials and courses carrying a tag (the `label` of the search), in the same order as keyword results. */
async function tagHits(name: string, type: SearchType): Promise<Hit[]> {
  const tag = await prisma.tag.findUnique({ where: { name }, select: { id: true } })
  if (!tag) return []
  const wanted = (kind: Kind) => type === 'all' || type === kind
  const byTag = { tags: { some: { tagId: tag.id } }, isPublished: true }
  const newestFirst = { orderBy: { id: 'desc' as const }, take: MAX_RESULTS, select: { id: true } }
  const [teachers, specials, courses] = await Promise.all([
    wanted('teacher') ? prisma.teacher.findMany({ where: byTag, ...newestFirst }) : [],
    wanted('special') ? prisma.special.findMany({ where: byTag, ...newestFirst }) : [],
    wanted('course') ? prisma.course.findMany({ where: byTag, ...newestFirst }) : [],
  ])
  const hits = [
    ...teachers.map(({ id }) => ({ kind: 'teacher' as const, id })),
    ...specials.map(({ id }) => ({ kind: 'special' as const, id })),
    ...courses.map(({ id }) => ({ kind: 'course' as const, id })),
  ]
  return hits.slice(0, MAX_RESULTS)
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

async function hydrate(hits: Hit[], terms: string[]) {
  const ids = (kind: Kind) => hits.filter((h) => h.kind === kind).map((h) => h.id)
  const where = (kind: Kind) => ({ id: { in: ids(kind) }, isPublished: true })
  const [teachers, specials, courses] = await Promise.all([
    ids('teacher').length
      ? prisma.teacher.findMany({ where: where('teacher'), select: { id: true, name: true, photo: true, title: true, intro: true } })
      : [],
    ids('special').length
      ? prisma.special.findMany({ where: where('special'), select: { id: true, title: true, cover: true, specialUrl: true, intro: true } })
      : [],
    ids('course').length
      ? prisma.course.findMany({
          where: where('course'),
          select: { id: true, title: true, cover: true, intro: true, teacher: { select: { id: true, name: true } } },
        })
      : [],
  ])
  const [specialComments, courseComments] = await Promise.all([
    commentCountsOf(
      'special',
      specials.map((s) => s.id),
    ),
    commentCountsOf(
      'course',
      courses.map((c) => c.id),
    ),
  ])
  const matched = (fields: Record<string, string>) => (terms.length ? matchedFields(fields, terms) : ['tags'])
  const found = [
    ...teachers.map((t) => ({
      type: 'teacher' as const,
      id: t.id,
      name: t.name,
      img: t.photo,
      title: t.title,
      intro: snippet(t.intro, terms),
      matched: matched({ name: t.name, title: t.title, intro: t.intro }),
    })),
    ...specials.map((s) => ({
      type: 'special' as const,
      id: s.id,
      title: s.title,
      cover_img: s.cover,
      special_url: s.specialUrl,
      intro: snippet(s.intro, terms),
      commentCount: specialComments.get(s.id) ?? 0,
      matched: matched({ title: s.title, intro: s.intro }),
    })),
    ...courses.map((c) => ({
      type: 'course' as const,
      id: c.id,
      title: c.title,
      cover_img: c.cover,
      intro: snippet(c.intro, terms),
      teacher: c.teacher,
      commentCount: courseComments.get(c.id) ?? 0,
      matched: matched({ title: c.title, intro: c.intro }),
    })),
  ]
  const byKey = new Map(found.map((item) => [`${item.type}:${item.id}`, item]))
  // A row unpublished between the two reads simply drops out of the page.
  return hits.map((h) => byKey.get(`${h.kind}:${h.id}`)).filter((item) => item !== undefined)
}

/** One page of results; the pipeline keeps each page until content changes. */
export async function search({ type, keyWord, label, page, limit }: SearchInput) {
  const terms = keyWord ? splitTerms(keyWord) : []
  const hits = label !== undefined ? await tagHits(label, type) : await keywordHits(terms, type)
  const pageHits = hits.slice((page - 1) * limit, page * limit)
  return {
    list: await hydrate(pageHits, terms),
    total: hits.length,
    page,
    limit,
    type,
    keyWord: keyWord ?? null,
    label: label ?? null,
    isCapped: hits.length >= MAX_RESULTS,
  }
}
