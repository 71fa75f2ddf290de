// The table's rows as an Excel file (.xlsx): the filters of the table, Chinese headers, at most 5,000
// rows. The file holds phone numbers, so every export is audited.
import ExcelJS from 'exceljs'
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { chinaDay, chinaMinute } from '../../lib/china-day'
import { clock } from '../../lib/clock'
import { recordAudit } from '../audit/audit.service'
import { NEWEST_FIRST, bookingWhere, toRows, type BookingActor, type BookingRow } from './booking-admin.service'
import type { BookingFilterInput } from './booking-admin.schemas'

/** At most this many rows a file (a setting so tests can lower it). */
export const exportLimits = { maxRows: 5000 }
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

type Column = { header: string; width: number; value: (row: BookingRow, requirements: string) => string }

/** The sheet's columns, in the order the console's table shows them. */
export const EXPORT_COLUMNS: readonly Column[] = [
  { header: '预约编号', width: 18, value: (row) => row.referenceNo },
  { header: '状态', width: 8, value: (row) => row.statusText },
  { header: '来源', width: 10, value: (row) => row.sourceText },
  { header: '合作类型', width: 12, value: (row) => row.typeName },
  { header: '名师', width: 10, value: (row) => row.teacher?.name ?? '' },
  { header: '课程', width: 24, value: (row) => row.course?.title ?? '' },
  { header: '单位', width: 24, value: (row) => row.organization },
  { header: '联系人', width: 10, value: (row) => row.contactName },
  { header: '电话', width: 15, value: (row) => row.phone },
  { header: '期望时间', width: 18, value: (row) => row.whenText },
  { header: '授课地点', width: 22, value: (row) => row.placeText },
  { header: '听众', width: 18, value: (row) => row.audienceText },
  { header: '时长', width: 10, value: (row) => row.durationText },
  { header: '预算', width: 16, value: (row) => row.budgetText },
  { header: '授课需求', width: 40, value: (_row, requirements) => requirements },
  { header: '负责人', width: 10, value: (row) => row.assignee?.nickname ?? '' },
  { header: '提交时间', width: 17, value: (row) => chinaMinute(Date.parse(row.createdAt)) },
]

export async function exportBookings(filters: BookingFilterInput, actor: BookingActor) {
  const now = clock.now()
  const where = bookingWhere(filters, now)
  const total = await prisma.booking.count({ where })
  if (total > exportLimits.maxRows) throw new ApiError(Code.BAD_PARAMS, `导出最多 ${exportLimits.maxRows} 条，请缩小筛选范围`)
  const records = await prisma.booking.findMany({ where, orderBy: NEWEST_FIRST, take: exportLimits.maxRows })
  const rows = await toRows(records, now, { withOverlaps: false })

  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date(now)
  const sheet = workbook.addWorksheet('名师预约', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = EXPORT_COLUMNS.map((column) => ({ header: column.header, width: column.width }))
  sheet.getRow(1).font = { bold: true }
  // Plain strings only: exceljs writes them as text, so a cell starting with = is never a formula.
  sheet.addRows(rows.map((row, index) => EXPORT_COLUMNS.map((column) => column.value(row, records[index].requirements))))
  const base64 = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64')

  await recordAudit({
    ...actor,
    entity: 'booking',
    summary: `导出名师预约（${rows.length} 条）`,
    after: { filters, rows: rows.length },
  })
  return { name: `名师预约_${chinaDay(now).replaceAll('-', '')}.xlsx`, mime: XLSX_MIME, base64, rows: rows.length }
}
