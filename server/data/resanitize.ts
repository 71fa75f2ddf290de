// Rich text stored before the sanitizer dropped every `class` (issue 21, F3) could still carry the
// site's own class names (an approved contribution covered its page with a fake "登录已过期" mask).
// Reads serve stored HTML as it is, so those rows are cleaned once at start: only rows holding
// `class=` are read, and only those the sanitizer changes are written (through the same write path,
// which sanitizes and drops cached pages). On a database cleaned before, this finds nothing to write.
import { prisma, RICH_TEXT } from '../db'
import { sanitizeRichTextAsync } from '../lib/sanitize'

type RichTextDelegate = {
  findMany: (args: object) => Promise<Record<string, unknown>[]>
  update: (args: object) => Promise<unknown>
}

// Every rich-text model is keyed by `id` but the about pages, keyed by their tab.
const KEY_FIELD: Record<string, string> = { AboutPage: 'key' }

/** Re-sanitizes stored rich text that still holds a class attribute; answers how many rows changed. */
export async function resanitizeStoredRichText(): Promise<number> {
  let changed = 0
  for (const [model, field] of Object.entries(RICH_TEXT)) {
    const delegate = (prisma as unknown as Record<string, RichTextDelegate>)[model[0].toLowerCase() + model.slice(1)]
    const key = KEY_FIELD[model] ?? 'id'
    const rows = await delegate.findMany({ where: { [field]: { contains: 'class=' } }, select: { [key]: true, [field]: true } })
    for (const row of rows) {
      const stored = String(row[field] ?? '')
      if ((await sanitizeRichTextAsync(stored)) === stored) continue
      await delegate.update({ where: { [key]: row[key] }, data: { [field]: stored } })
      changed++
    }
  }
  return changed
}
