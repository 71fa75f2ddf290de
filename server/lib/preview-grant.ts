// Preview links (server/features/preview): a signed grant to see one unpublished item, carried as
// `?preview=<token>` on the item's public page and as the `X-Preview` header on the API calls that
// page makes. The token is `<entity>.<id>.<expiry in seconds>.<HMAC-SHA256>`, signed with a key
// derived from JWT_SECRET, so it needs no database row and any process can check it. It lives in
// lib, with no database, because the pipeline (http/dispatch.ts, http/render.ts) reads it.
import crypto from 'node:crypto'
import type { ContentType } from '../../common/content-types/define-content-type'
import { contentTypes } from '../../common/content-types/registry'
import { env } from '../env'

/**
 * Who holds a valid preview link may see this one item as if it were published; a draft link shows
 * the draft of its next version (features/lifecycle/drafts.service.ts) in place of the live fields.
 */
export type PreviewGrant = { entity: string; id: number; expiresAt: Date; isDraft: boolean }

export const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000
/** The header the browser sends the page's preview token in (client/src/lib/api-client.ts). */
export const PREVIEW_HEADER = 'x-preview'

// Derived, not the JWT key itself: a preview signature can never pass as any other signature.
let key: Buffer | undefined
const signingKey = () => (key ??= crypto.createHmac('sha256', env.jwtSecret).update('preview-link').digest())

const signatureOf = (body: string) => crypto.createHmac('sha256', signingKey()).update(body).digest('base64url')

export function signPreview(entity: string, id: number, expiresAt: Date, isDraft = false): string {
  const body = `${entity}.${id}.${Math.floor(expiresAt.getTime() / 1000)}${isDraft ? '.draft' : ''}`
  return `${body}.${signatureOf(body)}`
}

const TOKEN = /^([A-Za-z]{1,40})\.([1-9]\d{0,9})\.(\d{1,12})(\.draft)?\.([\w-]{43})$/

/** The grant a token carries, or null when it is missing, malformed, tampered with or expired. */
export function readPreview(token: unknown, now = Date.now()): PreviewGrant | null {
  if (typeof token !== 'string' || token.length > 200) return null
  const match = TOKEN.exec(token)
  if (!match) return null
  const [, entity, id, expiry, draft, signature] = match
  const expected = Buffer.from(signatureOf(`${entity}.${id}.${expiry}${draft ?? ''}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  const expiresAt = new Date(Number(expiry) * 1000)
  if (expiresAt.getTime() <= now) return null
  return { entity, id: Number(id), expiresAt, isDraft: Boolean(draft) }
}

/** Whether the grant opens exactly this item: what a detail service passes as `includeUnpublished`. */
export const grantsPreview = (grant: PreviewGrant | undefined, entity: string, id: number) =>
  grant !== undefined && grant.entity === entity && grant.id === id

/** The public page of an item, from its type's declaration; undefined for a type without one. */
export function publicPageOf(entity: string, id: number): string | undefined {
  const type: ContentType | undefined = contentTypes.find((declared) => declared.word === entity)
  return type?.publicPath === undefined ? undefined : `${type.publicPath}/${id}`
}

/**
 * How a detail service reads: `includeUnpublished` shows the item whatever its state (a preview);
 * `showsDraft` lays its draft's fields over the live ones (a preview of the draft).
 */
export type DetailOptions = { includeUnpublished?: boolean; showsDraft?: boolean }

/** The detail options for an action's item: unpublished only when the caller's grant names it. */
export const detailOptions = (ctx: { preview?: PreviewGrant }, entity: string, id: number): DetailOptions => {
  const isGranted = grantsPreview(ctx.preview, entity, id)
  return { includeUnpublished: isGranted, showsDraft: isGranted && ctx.preview!.isDraft }
}

/** The published filter of a detail read: none for a preview. */
export const publishedUnless = ({ includeUnpublished }: DetailOptions) => (includeUnpublished ? undefined : true)

/** What a detail reply carries for the page head (common/api/cards.ts seoSchema). */
export const seoSelect = { seoTitle: true, seoDescription: true, seoKeywords: true } as const
