// Response shapes of the upload actions (server/features/upload, docs/API.md).

export type UploadKind = 'image' | 'document'

/**
 * A member's file. Until its content is approved the file is private and `url` in the owner's and
 * the editors' answers is a signed address that works for about two hours (a refetch brings a
 * fresh one); show it as it comes, through mediaUrl, and never store it.
 */
export type Attachment = { id: number; url: string; kind: UploadKind | 'video'; name: string; size?: number; mime?: string }

/** `url` is the file's lasting address (what saveMember's avatar takes); `previewUrl` shows the still private file. */
export type UploadResult = Attachment & { previewUrl?: string }
