// The audit log: every staff write records who did what to which record, with the record before and
// after. Rows are only ever inserted; no action updates or deletes them.
import { prisma, type Prisma, type Tx } from '../../db'
import { actionTextOf, summaryInWords } from './action-text'
import type { AuditListInput } from './audit.schemas'

export type AuditEntry = {
  /** The staff member, from the verified token; null for the command line or the scheduler. */
  staffId: number | null
  /** Who wrote, when no staff member did: 定时任务 (the scheduler); 命令行 when left out. */
  staffName?: string
  /** The API action (`Admin/teacherSave`) or `cli:<command>`. */
  action: string
  /** The entity word of the admin actions: teacher, member, config, ... */
  entity: string
  entityId?: string | number | null
  /** One line for the list, in Chinese: 修改名师「张三」. */
  summary?: string
  before?: unknown
  after?: unknown
  ip?: string
}

// Never stored, whatever record is audited.
const SECRET_FIELDS = new Set(['passwordHash', 'codeHash', 'answerHash', 'tokenVersion'])

const snapshot = (value: unknown) =>
  value === undefined || value === null ? '' : JSON.stringify(value, (key, item: unknown) => (SECRET_FIELDS.has(key) ? undefined : item))

/** Appends one entry; pass the transaction of the write so both commit or neither does. */
export async function recordAudit(entry: AuditEntry, db: Tx | typeof prisma = prisma) {
  const staff = entry.staffId === null ? null : await db.member.findUnique({ where: { id: entry.staffId }, select: { nickname: true } })
  await db.auditLog.create({
    data: {
      staffId: entry.staffId,
      staffName: staff?.nickname ?? (entry.staffId === null ? (entry.staffName ?? '命令行') : ''),
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? '' : String(entry.entityId),
      summary: entry.summary ?? '',
      before: snapshot(entry.before),
      after: snapshot(entry.after),
      ip: entry.ip ?? '',
    },
  })
}

const parsed = (json: string): unknown => (json ? JSON.parse(json) : null)

/**
 * The log, newest first, filtered; before and after come back as the JSON they were, with the action
 * in words (`actionText`: 保存名师) and role codes in the summary as role names.
 */
export async function listAudit({ page, limit, keyword, entity, entityId, staffId, action, from, to }: AuditListInput) {
  const where: Prisma.AuditLogWhereInput = {
    entity,
    entityId,
    staffId,
    action,
    createdAt: from || to ? { gte: from, lt: to } : undefined,
    OR: keyword ? [{ summary: { contains: keyword } }, { staffName: { contains: keyword } }] : undefined,
  }
  const [total, rows] = await Promise.all([
    prisma.auditLog.count({ where }),
    prisma.auditLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * limit, take: limit }),
  ])
  const list = rows.map((row) => {
    const after = parsed(row.after)
    return {
      ...row,
      actionText: actionTextOf(row.action, after),
      summary: summaryInWords(row.summary),
      before: parsed(row.before),
      after,
      createdAt: row.createdAt.toISOString(),
    }
  })
  return { list, total, page, limit }
}
