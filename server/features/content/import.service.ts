// Imports a seed folder (one JSON file per kind, see seed/README.md) into the database: `npm run
// seed` (seed/import.ts), the first `npm start` (seedIfEmpty) and the console's Admin/import all
// come here. A folder is validated first, including references across files and to rows already in
// the database; then pictures are put in place; then all rows are written in one transaction.
// Rows are matched by stable keys (slug, key, menu, id, name, phone), so re-running updates in place.
import path from 'node:path'
import { seedKinds, type SeedKind } from '../../../common/content-schemas'
import { contentChanged } from '../../data/cache'
import { prisma, type Tx } from '../../db'
import { describeStoredMedia, writeMediaRecords } from '../upload/media-records.service'
import { prepareDemoMembers, type DemoAccounts } from './demo-members'
import { resolveAllMedia, videoUrlsIn } from './media-fields'
import { writeMedia, type MediaStats } from './media-files'
import { fileLabel, MAX_PROBLEMS, SeedError } from './problems'
import { checkReferences } from './references'
import { withCleanRichText } from './rich-text'
import { defaultSeedDir, readFolder } from './seed-folder'
import { writeAll } from './write-records'
import { requestStreamingCopiesOf } from '../video/video-assets.service'

// What other features (the console's import and export) and the command line use of the content
// write path besides the functions below; the rest of this folder is its own business.
export { FOLDER_MEDIA_DIR } from './carried-files'
export { PICTURE_FIELDS } from './media-fields'
export { SeedError, SeedLimitError } from './problems'
export { defaultSeedDir, seedFileLimits } from './seed-folder'
export type { DemoAccounts } from './demo-members'

export type SeedSummary = {
  /** Records imported per file kind, plus `members` for the demo accounts. */
  counts: Partial<Record<SeedKind | 'members', number>>
  media: MediaStats
  durationMs: number
}

export type ImportOptions = {
  /** The demo member and admin to create too (seed/demo-accounts.ts, passed in by the command line); none when absent. */
  demoAccounts?: DemoAccounts
  /** Runs inside the import's transaction after the rows are written (the console's audit entry). */
  afterWrite?: (tx: Tx, counts: SeedSummary['counts']) => Promise<void>
}

export async function importSeedFolder(dir: string, options: ImportOptions = {}): Promise<SeedSummary> {
  const started = performance.now()
  const folder = path.resolve(dir)
  const problems: string[] = []
  const folderData = await readFolder(folder, problems)
  const { data } = folderData
  if (problems.length >= MAX_PROBLEMS) throw new SeedError(problems)
  await checkReferences(folderData, problems)
  const { jobs, placed } = await resolveAllMedia(data, problems, { dir: folder, label: fileLabel })
  const members = options.demoAccounts ? await prepareDemoMembers(options.demoAccounts, problems) : []
  if (problems.length) throw new SeedError(problems)

  const counts: SeedSummary['counts'] = {}
  for (const kind of seedKinds) if (data[kind]) counts[kind] = data[kind].length
  if (members.length) counts.members = members.length

  const clean = await withCleanRichText(data)
  const media = await writeMedia(jobs)
  // Every file put in place gets its library row (members' carried files get theirs in writeAll).
  const isPlaced = new Set(placed.map((file) => file.relative))
  const records = await describeStoredMedia(
    jobs.filter((job) => !isPlaced.has(job.key)).map((job) => ({ path: job.key, name: job.name ?? '', folder: job.folder ?? '' })),
  )
  await prisma.$transaction(
    async (tx) => {
      await writeAll(tx, clean, members, placed)
      await writeMediaRecords(tx, records)
      await options.afterWrite?.(tx, counts)
    },
    { timeout: 120_000, maxWait: 10_000 },
  )
  // Answers built from reads made while the transaction was open are dropped with it.
  contentChanged()
  // The videos get their streaming copies in the background (a running worker picks the jobs up).
  await requestStreamingCopiesOf(videoUrlsIn(data))
  return { counts, media, durationMs: Math.round(performance.now() - started) }
}

/** Imports the demo folder into an empty database (no teachers and no members); used by `npm start`. */
export async function seedIfEmpty(options: ImportOptions = {}): Promise<boolean> {
  const [teachers, members] = await Promise.all([prisma.teacher.count(), prisma.member.count()])
  if (teachers > 0 || members > 0) return false
  await importSeedFolder(defaultSeedDir, options)
  return true
}
