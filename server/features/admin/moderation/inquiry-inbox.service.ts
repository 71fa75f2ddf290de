// The console's inbox of cooperation inquiries (sent by Course/addInquiry): status new → contacted →
// closed, notes and the staff member handling each.
import { prisma, type Prisma } from '../../../db'
import { ApiError, Code } from '../../../lib/api-error'
import { skipTake, toPage } from '../../../lib/pagination'
import { INQUIRY_STATUS_TEXT, labelOf } from '../../../../common/rules'
import { recordAudit } from '../../audit/audit.service'
import type { StaffActor } from '../people/staff-access'
import type { InquiryListInput, InquirySaveInput } from './inquiry-inbox.schemas'

type InquiryRow = Prisma.InquiryGetPayload<object>
type Person = { id: number; nickname: string }

/** Names of the cooperation types and of the assignees on a page, two small queries. */
async function namesFor(rows: InquiryRow[]) {
  const assigneeIds = [...new Set(rows.flatMap((row) => (row.assigneeId === null ? [] : [row.assigneeId])))]
  const [types, people] = await Promise.all([
    prisma.cooperationType.findMany({ select: { id: true, name: true } }),
    assigneeIds.length ? prisma.member.findMany({ where: { id: { in: assigneeIds } }, select: { id: true, nickname: true } }) : [],
  ])
  return { types: new Map(types.map((type) => [type.id, type.name])), people: new Map<number, Person>(people.map((p) => [p.id, p])) }
}

function toInquiry(row: InquiryRow, { types, people }: Awaited<ReturnType<typeof namesFor>>) {
  return {
    ...row,
    typeName: types.get(row.typeId) ?? '',
    statusText: labelOf(INQUIRY_STATUS_TEXT, row.status),
    assignee: row.assigneeId === null ? null : (people.get(row.assigneeId) ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Newest first; the keyword looks in the organisation, contact, phone and message. */
export async function listInquiries({ page, limit, keyword, status, typeId, assigneeId }: InquiryListInput) {
  const where: Prisma.InquiryWhereInput = {
    status,
    typeId,
    assigneeId,
    OR: keyword
      ? [
          { organization: { contains: keyword } },
          { contactName: { contains: keyword } },
          { phone: { contains: keyword } },
          { message: { contains: keyword } },
        ]
      : undefined,
  }
  const [total, rows] = await Promise.all([
    prisma.inquiry.count({ where }),
    prisma.inquiry.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake({ page, limit }) }),
  ])
  const names = await namesFor(rows)
  return toPage(
    rows.map((row) => toInquiry(row, names)),
    total,
    { page, limit },
  )
}

/** Staff who can take an inquiry: admins and editors with a working account. */
const assignableStaff = () =>
  prisma.member.findMany({
    where: { role: { in: ['admin', 'editor'] }, deletedAt: null, disabledAt: null },
    select: { id: true, nickname: true },
    orderBy: { id: 'asc' },
  })

async function findInquiry(id: number) {
  const row = await prisma.inquiry.findUnique({ where: { id } })
  if (!row) throw new ApiError(Code.NOT_FOUND, '咨询不存在')
  return row
}

/** One inquiry, with the staff it can be assigned to. */
export async function getInquiry(id: number) {
  const row = await findInquiry(id)
  const [names, assignees] = await Promise.all([namesFor([row]), assignableStaff()])
  return { ...toInquiry(row, names), assignees }
}

export async function saveInquiry({ id, status, note, assigneeId }: InquirySaveInput, actor: StaffActor) {
  const before = await findInquiry(id)
  if (assigneeId !== null && assigneeId !== before.assigneeId) {
    const staff = await prisma.member.findFirst({
      where: { id: assigneeId, role: { in: ['admin', 'editor'] }, deletedAt: null, disabledAt: null },
      select: { id: true },
    })
    if (!staff) throw new ApiError(Code.BAD_PARAMS, '负责人须为在职的管理员或编辑')
  }
  const saved = await prisma.$transaction(async (tx) => {
    const row = await tx.inquiry.update({ where: { id }, data: { status, note, assigneeId } })
    await recordAudit(
      {
        ...actor,
        entity: 'inquiry',
        entityId: id,
        summary: `处理「${before.organization}」的合作咨询：${labelOf(INQUIRY_STATUS_TEXT, status)}`,
        before: { status: before.status, note: before.note, assigneeId: before.assigneeId },
        after: { status, note, assigneeId },
      },
      tx,
    )
    return row
  })
  return toInquiry(saved, await namesFor([saved]))
}

/** The dashboard's figures: inquiries not closed yet, and those nobody has contacted. */
export async function inquiryCounts() {
  const rows = await prisma.inquiry.groupBy({ by: ['status'], where: { status: { not: 'closed' } }, _count: true })
  const count = (status: string) => rows.find((row) => row.status === status)?._count ?? 0
  return { open: count('new') + count('contacted'), new: count('new') }
}
