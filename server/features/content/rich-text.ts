// The rich-text (HTML) field of each kind, and the records with it cleaned as it will be stored.
import { seedKinds, type SeedData, type SeedKind } from '../../../common/content-schemas'
import { createPacer } from '../../lib/pacer'
import { sanitizeRichTextAsync } from '../../lib/sanitize'
import type { Row } from './problems'

/** The rich-text field of each kind that has one. */
export const RICH_FIELDS: Partial<Record<SeedKind, string>> = {
  'about-pages': 'content',
  teachers: 'content',
  courses: 'content',
  specials: 'content',
  notices: 'introduction',
  activities: 'content',
  viewpoints: 'content',
  questions: 'content',
  'cooperation-types': 'content',
  cooperations: 'content',
}

/**
 * The records with their rich text as it will be stored, so that comparing with the rows finds an
 * unchanged record unchanged. Off the event loop for long values and paced for many records.
 */
export async function withCleanRichText(data: Partial<SeedData>): Promise<Partial<SeedData>> {
  const pacer = createPacer()
  const clean: Partial<Record<SeedKind, unknown[]>> = { ...data }
  for (const kind of seedKinds) {
    const field = RICH_FIELDS[kind]
    const records = data[kind] as Row[] | undefined
    if (!field || !records) continue
    const copies: Row[] = []
    for (const record of records) {
      const html = record[field]
      copies.push(typeof html === 'string' ? { ...record, [field]: await sanitizeRichTextAsync(html) } : record)
      if (pacer.isDue) await pacer.pause()
    }
    clean[kind] = copies
  }
  return clean as Partial<SeedData>
}
