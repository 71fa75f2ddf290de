import { z } from 'zod'
import { idField } from '../../lib/schemas'
import { adminPageFields } from '../admin/content.schemas'

// A day ("2026-11-24", in China time, the console's) or an exact moment with its offset.
const DAY = /^\d{4}-\d{2}-\d{2}$/
const moment = z
  .string({ error: '日期格式应为 2026-11-24 或 2026-11-24T09:00:00+08:00' })
  .trim()
  .refine((value) => DAY.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success, {
    error: '日期格式应为 2026-11-24 或 2026-11-24T09:00:00+08:00',
  })
  .refine((value) => !Number.isNaN(Date.parse(DAY.test(value) ? `${value}T00:00:00+08:00` : value)), { error: '日期不存在' })

const word = (label: string, max: number) =>
  z
    .string({ error: `${label}应为文字` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    .optional()
    .transform((value) => value || undefined)

export const auditListSchema = z
  .object({
    ...adminPageFields,
    entity: word('实体', 40),
    entityId: z
      .union([z.string(), z.number()], { error: '记录 ID 应为文字或数字' })
      .transform((value) => String(value).trim())
      .pipe(z.string().max(80, { error: '记录 ID 过长' }))
      .optional()
      .transform((value) => value || undefined),
    staffId: idField('操作人 ID').optional(),
    action: word('操作', 80),
    from: moment.optional(),
    to: moment.optional(),
  })
  .transform(({ from, to, ...rest }) => ({
    ...rest,
    // A day given as `to` includes that whole day.
    from: from === undefined ? undefined : new Date(DAY.test(from) ? `${from}T00:00:00+08:00` : from),
    to:
      to === undefined
        ? undefined
        : DAY.test(to)
          ? new Date(Date.parse(`${to}T00:00:00+08:00`) + 86_400_000)
          : new Date(Date.parse(to) + 1),
  }))
  .refine(({ from, to }) => !from || !to || from < to, { error: '开始日期不能晚于结束日期' })
export type AuditListInput = z.infer<typeof auditListSchema>
