// Payloads of the lifecycle actions: schedules and revisions of a publishable record.
import { z } from 'zod'
import { idField, numeric } from '../../lib/schemas'
import { adminPageFields, saveSchemaFor } from '../admin/content.schemas'
import type { ContentEntity } from '../admin/content.service'

/** An ISO date-time with any offset (`2026-12-01T09:00:00+08:00`, `…Z`), or null to clear; left out is null. */
const timeField = (label: string) => {
  const message = `${label}应为 ISO 日期时间（如 2026-12-01T09:00:00+08:00）或 null`
  return z.iso
    .datetime({ offset: true, error: message })
    .transform((value) => new Date(value))
    .refine((date) => !Number.isNaN(date.getTime()), { error: message })
    .nullable()
    .optional()
    .transform((value) => value ?? null)
}

export const scheduleSchema = z.object({
  id: idField(),
  publishAt: timeField('定时发布时间'),
  unpublishAt: timeField('定时下架时间'),
})

export const revisionsSchema = z.object({ id: idField(), page: adminPageFields.page, limit: adminPageFields.limit })

const versionField = numeric('版本号应为正整数').pipe(
  z.number().int({ error: '版本号应为正整数' }).positive({ error: '版本号应为正整数' }).max(1_000_000, { error: '版本号应为正整数' }),
)

export const revisionSchema = z.object({ id: idField(), version: versionField })

export const draftIdSchema = z.object({ id: idField() })

/** A draft is a whole record as Save takes it, of a record that exists: its id is required. */
export function draftSaveSchemaFor(entity: ContentEntity) {
  return saveSchemaFor(entity).pipe(z.object({ id: idField() }).loose())
}
