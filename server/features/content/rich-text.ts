// The rich-text (HTML) fields of each kind, as the declarations mark them (common/content-types/), and
// the records with them cleaned as they will be stored.
import { seedKinds, type SeedData, type SeedKind } from '../../../common/content-schemas'
import { fieldsByKind, richTextsOf } from '../../../common/content-types/registry'
import { createPacer } from '../../lib/pacer'
import { sanitizeRichTextAsync } from '../../lib/sanitize'
import type { Row } from './problems'

/** The rich-text fields of each kind that has any. */
export const RICH_FIELDS: Partial<Record<SeedKind, string[]>> = fieldsByKind(richTextsOf)

/**
 * The records with their rich text as it will be stored, so that comparing with the rows finds an
 * unchanged record unchanged. Off the event loop for long values and paced for many records.
 */
export async function withCleanRichText(data: Partial<SeedData>): Promise<Partial<SeedData>> {
  const pacer = createPacer()
  const clean: Partial<Record<SeedKind, unknown[]>> = { ...data }
  for (const kind of seedKinds) {
    const fields = RICH_FIELDS[kind]
    const records = data[kind] as Row[] | undefined
    if (!fields || !records) continue
    const copies: Row[] = []
    for (const record of records) {
      const copy = { ...record }
      for (const field of fields) if (typeof copy[field] === 'string') copy[field] = await sanitizeRichTextAsync(copy[field])
      copies.push(copy)
      if (pacer.isDue) await pacer.pause()
    }
    clean[kind] = copies
  }
  return clean as Partial<SeedData>
}
