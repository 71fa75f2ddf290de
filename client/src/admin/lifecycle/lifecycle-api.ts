// The lifecycle actions of a publishable entity (Admin/<word>Publish, Schedule, Revisions, Revision,
// Restore, Draft, DraftSave, DraftPublish, DraftDiscard) and Admin/previewLink, as the server answers them.
import { adminAction } from '../api/admin-client'
import type { Lifecycle } from './record-state'

export type Revision = { version: number; staffName: string; createdAt: string; summary: string; fields: string[] }
export type RevisionDetail = { version: number; staffName: string; createdAt: string; record: unknown; current: unknown }
export type Schedule = { publishAt: string | null; unpublishAt: string | null }

export const publishRecord = (word: string, id: number, isPublished: boolean) =>
  adminAction<Lifecycle>(`${word}Publish`, { id, isPublished })

export const scheduleRecord = (word: string, id: number, schedule: Schedule) =>
  adminAction<Lifecycle>(`${word}Schedule`, { id, ...schedule })

/** The draft of a published record's next version, as `<word>Draft` answers it (null when there is none). */
export type Draft = { record: Record<string, unknown> & { id: number }; draftAt: string; staffName: string }

export const publishDraft = (word: string, id: number) => adminAction<Lifecycle>(`${word}DraftPublish`, { id })
export const discardDraft = (word: string, id: number) => adminAction<Lifecycle>(`${word}DraftDiscard`, { id })

export const restoreRevision = (word: string, id: number, version: number) => adminAction<unknown>(`${word}Restore`, { id, version })

/**
 * Opens the record's preview (a signed, expiring link to its public page) in a new tab. The tab is
 * opened before the call, while the click still counts as the user's, or a popup blocker stops it.
 */
export async function openPreview(word: string, id: number, { draft = false } = {}) {
  const tab = window.open('', '_blank')
  try {
    const { url } = await adminAction<{ url: string; expiresAt: string }>('previewLink', { entity: word, id, draft })
    if (tab) {
      tab.opener = null
      tab.location.href = url
    } else window.open(url, '_blank', 'noopener')
  } catch (error) {
    tab?.close()
    throw error
  }
}
