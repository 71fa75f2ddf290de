// Payload schemas of the console's actions, built from each entity's declaration. Save payloads
// are the seed format's own schemas (common/content-schemas.ts), so the console's forms, the seed
// files and the server validate with exactly the same rules.
import { z } from 'zod'
import { seedSchemas } from '../../../common/content-schemas'
import { idField, numeric } from '../../lib/schemas'
import { CONTENT_STATES, STATE_KEYS } from '../lifecycle/content-state.service'
import type { ContentEntity } from './content-entities'
import { sortColumnsByWord } from './content-filters'

export const MAX_ADMIN_PAGE_SIZE = 100

// Lenient like the public lists: page 0 or a huge limit fall back instead of failing.
const pageNumber = numeric('页码应为数字').transform((n) => Math.min(Math.max(Math.trunc(n), 1), 100_000))
const pageSize = numeric('每页条数应为数字').transform((n) => Math.min(Math.max(Math.trunc(n), 1), MAX_ADMIN_PAGE_SIZE))

/** `{ page, limit, keyword }` of every console list. */
export const adminPageFields = {
  page: pageNumber.default(1),
  limit: pageSize.default(20),
  keyword: z
    .string({ error: '关键词应为文字' })
    .trim()
    .max(50, { error: '关键词不能超过 50 个字符' })
    .optional()
    .transform((value) => value || undefined),
}

/** `sort: { field, order }`: one of the type's orderable fields (the declaration's `orderFields`), up or down. */
function sortSchemaFor(fields: string[]) {
  const fieldMessage = `排序字段应为 ${fields.join('、')} 之一`
  return z.object(
    {
      field: z.enum(fields as [string, ...string[]], { error: fieldMessage }),
      order: z.enum(['asc', 'desc'], { error: '排序方向应为 asc（升序）或 desc（降序）' }).default('asc'),
    },
    { error: '排序应为 { field, order }' },
  )
}

export function listSchemaFor(entity: ContentEntity) {
  const filters = Object.fromEntries(Object.entries(entity.filters ?? {}).map(([name, filter]) => [name, filter.schema.optional()]))
  if (entity.publish && !entity.fixedKeys) {
    filters.state = z.enum(CONTENT_STATES, { error: `state 应为 ${CONTENT_STATES.join('、')} 之一` }).optional()
  }
  const sortFields = Object.keys(sortColumnsByWord.get(entity.word) ?? {})
  // A fixed set (about pages) lists in its keys' order: no `sort` to ask for.
  const sort = sortFields.length ? { sort: sortSchemaFor(sortFields).optional() } : {}
  return z.object({ ...adminPageFields, ...filters, ...sort })
}

/** Fixed sets are asked for by their key (`{ key: 'terms' }`, `{ menu: 'home' }`); others by `{ id }`. */
export function getSchemaFor(entity: ContentEntity) {
  if (!entity.fixedKeys || entity.key === 'id') return z.object({ id: idField() })
  const keys = entity.fixedKeys as [string, ...string[]]
  return z.object({ [entity.key]: z.enum(keys, { error: `${entity.key} 应为 ${keys.join('、')} 之一` }) })
}

/**
 * The seed format's schema of the entity, its problems named by field (`字段 name: 不能为空`) as
 * the importer names them: the seed schemas' own messages leave the field to whoever shows them.
 */
export function saveSchemaFor(entity: ContentEntity) {
  const schema = seedSchemas[entity.kind]
  const hasState = Boolean(entity.publish && !entity.fixedKeys)
  return z.unknown().transform((value, ctx) => {
    // A record read with its lifecycle state comes back with it: read-only, so left out here.
    if (hasState && value && typeof value === 'object' && !Array.isArray(value)) {
      value = Object.fromEntries(Object.entries(value).filter(([key]) => !(STATE_KEYS as readonly string[]).includes(key)))
    }
    const result = schema.safeParse(value, {
      error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? '缺少此字段' : undefined),
    })
    if (result.success) return result.data as Record<string, unknown>
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.path.length ? `字段 ${issue.path.join('.')}: ${issue.message}` : issue.message })
    }
    return z.NEVER
  })
}

export const deleteSchema = z.object({ id: idField() })

export const sortSchema = z.object({
  ids: z
    .array(idField(), { error: 'ids 应为按显示顺序排列的 ID 列表' })
    .min(1, { error: '排序列表不能为空' })
    .max(1000, { error: '一次最多排序 1000 项' }),
})

export const publishSchema = z.object({
  id: idField(),
  isPublished: z.boolean({ error: 'isPublished 应为 true（发布）或 false（下架）' }),
})
