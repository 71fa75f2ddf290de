// The admins' sensitive-word list and the log of words found. The screening itself is
// review/sensitive-screen.service.ts, which picks a change of the list up at once.
import { prisma, type Prisma } from '../../../db'
import { ApiError, Code } from '../../../lib/api-error'
import { skipTake, toPage } from '../../../lib/pagination'
import { recordAudit } from '../../audit/audit.service'
import type { StaffActor } from '../people/staff-access'
import type { SensitiveHitListInput, SensitiveWordListInput, SensitiveWordSaveInput } from './sensitive-word.schemas'

// ---------- the console ----------

const wordSelect = { id: true, word: true, mode: true, createdAt: true, updatedAt: true } satisfies Prisma.SensitiveWordSelect
type WordRow = Prisma.SensitiveWordGetPayload<{ select: typeof wordSelect }>
const toWord = (row: WordRow, hits = 0) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  hits,
})

export async function listSensitiveWords({ page, limit, keyword, mode }: SensitiveWordListInput) {
  const where: Prisma.SensitiveWordWhereInput = { mode, word: keyword ? { contains: keyword } : undefined }
  const [total, rows] = await Promise.all([
    prisma.sensitiveWord.count({ where }),
    prisma.sensitiveWord.findMany({ where, select: wordSelect, orderBy: [{ id: 'desc' }], ...skipTake({ page, limit }) }),
  ])
  const counts = await prisma.sensitiveHit.groupBy({ by: ['word'], where: { word: { in: rows.map((row) => row.word) } }, _count: true })
  const hitsOf = new Map(counts.map((row) => [row.word, row._count]))
  return toPage(
    rows.map((row) => toWord(row, hitsOf.get(row.word) ?? 0)),
    total,
    { page, limit },
  )
}

const taken = (word: string) => new ApiError(Code.EXISTS, `敏感词「${word}」已存在`)

/** Adds a word (no id) or changes one; the matcher picks the change up at once. */
export async function saveSensitiveWord({ id, word, mode }: SensitiveWordSaveInput, actor: StaffActor) {
  const before = id ? await prisma.sensitiveWord.findUnique({ where: { id }, select: wordSelect }) : null
  if (id && !before) throw new ApiError(Code.NOT_FOUND, '敏感词不存在')
  const other = await prisma.sensitiveWord.findUnique({ where: { word }, select: { id: true } })
  if (other && other.id !== id) throw taken(word)
  try {
    return await prisma.$transaction(async (tx) => {
      const saved = before
        ? await tx.sensitiveWord.update({ where: { id: before.id }, data: { word, mode }, select: wordSelect })
        : await tx.sensitiveWord.create({ data: { word, mode }, select: wordSelect })
      await recordAudit(
        {
          ...actor,
          entity: 'sensitiveWord',
          entityId: saved.id,
          summary: `${before ? '修改' : '添加'}敏感词「${word}」（${mode === 'block' ? '禁止提交' : '替换为＊'}）`,
          before,
          after: saved,
        },
        tx,
      )
      return toWord(saved)
    })
  } catch (error) {
    // Two admins adding the same word at once: the unique index decides.
    if ((error as { code?: string }).code === 'P2002') throw taken(word)
    throw error
  }
}

export async function deleteSensitiveWord(id: number, actor: StaffActor) {
  const before = await prisma.sensitiveWord.findUnique({ where: { id }, select: wordSelect })
  if (!before) throw new ApiError(Code.NOT_FOUND, '敏感词不存在')
  await prisma.$transaction(async (tx) => {
    await tx.sensitiveWord.delete({ where: { id } })
    await recordAudit({ ...actor, entity: 'sensitiveWord', entityId: id, summary: `删除敏感词「${before.word}」`, before }, tx)
  })
  return { id }
}

/** The hit log, newest first; the hits stay when their word is deleted. */
export async function listSensitiveHits({ page, limit, keyword, source, memberId }: SensitiveHitListInput) {
  const where: Prisma.SensitiveHitWhereInput = {
    source,
    memberId,
    OR: keyword ? [{ word: { contains: keyword } }, { excerpt: { contains: keyword } }] : undefined,
  }
  const [total, rows] = await Promise.all([
    prisma.sensitiveHit.count({ where }),
    prisma.sensitiveHit.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake({ page, limit }) }),
  ])
  const memberIds = [...new Set(rows.flatMap((row) => (row.memberId === null ? [] : [row.memberId])))]
  const members = memberIds.length
    ? await prisma.member.findMany({ where: { id: { in: memberIds } }, select: { id: true, nickname: true, memberNo: true } })
    : []
  const byId = new Map(members.map((member) => [member.id, member]))
  const list = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    member: row.memberId === null ? null : (byId.get(row.memberId) ?? null),
  }))
  return toPage(list, total, { page, limit })
}
