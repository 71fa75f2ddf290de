// Where resumable uploads' bytes wait until they are complete, behind what the rules
// (resumable.service.ts) need of it. Two stores fulfil it, chosen by the portal's storage:
//   * local disk: @tus/file-store under UPLOAD_DIR/.resumable (file-staging.ts);
//   * S3: @tus/s3-store in the portal's bucket under .resumable/ (s3-staging.ts), so the chunks of
//     one upload may reach any web process on any machine.
// Both judge the first bytes as they arrive (head-check.ts), and one lock serves both (lease-locker.ts).
import type { DataStore } from '@tus/server'

/** A refusal the tus server answers with its own status and body (the API envelope, as JSON). */
export class ResumableRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body)
  }
}

/** A complete upload as a file on this disk, for the purpose's store to judge and move into storage. */
export type StagedFile = {
  path: string
  /** Removes what is left of the file (a copy made for judging); the staged upload itself stays. */
  discard: () => Promise<void>
}

/** One piece of a staged upload (its bytes or its record) and when it last changed. */
export type StagedPiece = { id: string; modifiedAt: Date }

export type StagingStore = DataStore & {
  /** Upload `id`, once complete, as a file on this disk. */
  completedFile(id: string): Promise<StagedFile>
  /** Every piece the store holds, so the sweep finds uploads that have no row. */
  listStaged(): AsyncIterable<StagedPiece>
}
