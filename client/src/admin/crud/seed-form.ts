// The bridge between an antd form and a seed schema: defaults, one field's rule, and the payload
// that Admin/<word>Save receives (the seed record, plus `id` when it updates).
import type { FormRule as Rule } from 'antd'
import type { z } from 'zod'
import { seedSchemas, type SeedKind } from '../../../../common/content-schemas'

type Shape = Record<string, z.ZodType>
export type SeedValues = Record<string, unknown>
export type FieldProblem = { name: string; message: string }

const shapeOf = (kind: SeedKind) => (seedSchemas[kind] as unknown as { shape: Shape }).shape

/** The seed format's field names of a kind, in declaration order. */
export const seedFields = (kind: SeedKind) => Object.keys(shapeOf(kind))

/** Form widgets answer null for "nothing" (a cleared number or date); the schema's default applies then. */
const normalise = (value: unknown) => (value === null ? undefined : value)

/** The values a new record starts with: every default the schema declares. */
export function seedDefaults(kind: SeedKind): SeedValues {
  const defaults: SeedValues = {}
  for (const [name, schema] of Object.entries(shapeOf(kind))) {
    const parsed = schema.safeParse(undefined)
    if (parsed.success && parsed.data !== undefined) defaults[name] = parsed.data
  }
  return defaults
}

/** An antd rule that checks one field with its own schema, so the form shows the server's wording as you type. */
export function seedFieldRule(kind: SeedKind, name: string): Rule {
  const schema = shapeOf(kind)[name]
  return {
    validator: async (_rule, value: unknown) => {
      if (!schema) return
      const parsed = await schema.safeParseAsync(normalise(value))
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '格式不正确')
    },
  }
}

/** The seed record built from the loaded record (fields the form does not show, e.g. views) and the form's values. */
export function seedPayload(kind: SeedKind, base: SeedValues, values: SeedValues): SeedValues {
  const payload: SeedValues = {}
  for (const name of seedFields(kind)) {
    const value = normalise(name in values ? values[name] : base[name])
    if (value !== undefined) payload[name] = value
  }
  return payload
}

/** Validates a payload with the kind's schema: the parsed record, or one problem per field. */
export function checkSeedRecord(kind: SeedKind, payload: SeedValues): { record: SeedValues } | { problems: FieldProblem[] } {
  const parsed = seedSchemas[kind].safeParse(payload)
  if (parsed.success) return { record: parsed.data as SeedValues }
  const problems: FieldProblem[] = []
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '')
    if (!problems.some((problem) => problem.name === name)) problems.push({ name, message: issue.message })
  }
  return { problems }
}

/** A fresh slug for a new record: the seed format needs one, and Chinese names do not make readable ones. */
export const suggestSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`
