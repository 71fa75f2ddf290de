// One record the admin console saves (a teacher, a course, a setting...), checked and written
// exactly as a folder's record is, so what the console writes and what `npm run seed` reads are
// the same thing.
import type { SeedData, SeedKind, SeedRecord } from '../../../common/content-schemas'
import { prisma, type Tx } from '../../db'
import { resolveAllMedia, videoUrlsIn } from './media-fields'
import { consoleLabel } from './problems'
import { checkReferences, type Db } from './references'
import { withCleanRichText } from './rich-text'
import type { SeedFolder } from './seed-folder'
import { writeAll } from './write-records'

/**
 * Checks one record the admin console saves exactly as a folder's record is checked (its fields,
 * every reference against the database, its media), resolving media fields in place. The console
 * takes files already uploaded: an empty picture stays empty, nothing is drawn or copied.
 * Problems come back as messages naming the field; an empty list means it can be written.
 */
export async function validateRecord<K extends SeedKind>(kind: K, record: SeedRecord<K>, db: Db = prisma): Promise<string[]> {
  const problems: string[] = []
  const folder: SeedFolder = { data: { [kind]: [record] }, keys: {} }
  await checkReferences(folder, problems, db, consoleLabel)
  await resolveAllMedia(folder.data, problems, { dir: null, label: consoleLabel })
  return problems
}

/** Writes records validated by validateRecord inside the caller's transaction, as an import writes them. */
export async function writeRecords(tx: Tx, data: Partial<SeedData>) {
  return writeAll(tx, await withCleanRichText(data))
}

/** One record with its rich text cleaned as writeRecords would store it (a draft kept beside the live row). */
export async function cleanRecord<K extends SeedKind>(kind: K, record: SeedRecord<K>): Promise<SeedRecord<K>> {
  const clean = await withCleanRichText({ [kind]: [record] } as Partial<SeedData>)
  return (clean[kind] as SeedRecord<K>[])[0]
}

/** The video URLs these records hold, for their streaming copies (server/features/video). */
export const videoUrlsOf = (data: Partial<SeedData>): string[] => videoUrlsIn(data)
