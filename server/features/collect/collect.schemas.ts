import { z } from 'zod'
import { idField } from '../../lib/schemas'

// The old client's payload names are not known; `id` is accepted as an alias of the named id.
const targetId = <K extends string>(key: K, label: string) =>
  z.preprocess(
    (body) => {
      if (!body || typeof body !== 'object') return body
      const record = body as Record<string, unknown>
      return record[key] === undefined && record.id !== undefined ? { ...record, [key]: record.id } : record
    },
    z.object({ [key]: idField(label) } as Record<K, ReturnType<typeof idField>>),
  )

export const teacherIdSchema = targetId('teacherId', '名师ID')
export const courseIdSchema = targetId('courseId', '课程ID')
export const specialIdSchema = targetId('specialId', '专题ID')
