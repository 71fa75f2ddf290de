// Who may reach a stored file, and by which URL. A published file has a plain, cacheable URL. A
// member's upload is private until the content it belongs to is approved (review.service.ts sets
// Upload.isPublic) or it is the member's avatar: only its owner and staff reach it, through signed
// URLs they are given in answers (the client loads files with plain <img>/<video>/<a> requests,
// which carry no token). Files with no Upload row outside the member folders (seed and demo
// images) are public.
import crypto from 'node:crypto'
import { deliveredUrl } from '../../../common/image-variants'
import { afterWrite, prisma, type Tx } from '../../db'
import { env } from '../../env'
import { cached, tagsChanged } from '../../data/cache'
import { clock } from '../../lib/clock'
import { isStreamKey, streamAssetIdOf } from '../../lib/uploads'

export const UPLOAD_URL_PREFIX = '/uploads/'
const PREFIX = UPLOAD_URL_PREFIX

/** The plain address of a stored file (`relativePath` as in Upload.path). */
export const uploadUrl = (relativePath: string) => `${PREFIX}${relativePath}`

/**
 * Where a public file is fetched from: on the public media base (MEDIA_PUBLIC_URL, a CDN whose
 * origin is this site's /uploads/) when one is set, else its plain address. Stored content keeps
 * the plain `/uploads/...` address, so moving to or from a CDN rewrites no row.
 */
export const publicMediaUrl = (url: string) => deliveredUrl(url, env.MEDIA_PUBLIC_URL)

/** The stored path behind a plain `/uploads/...` URL, or null for anything else (external links, data URLs). */
export const uploadPathOf = (url: string) => (url.startsWith(PREFIX) ? url.slice(PREFIX.length).split(/[?#]/)[0] : null)

// A page left open keeps working for a while; a leaked link stops working soon after.
const SIGNED_URL_TTL_MS = 2 * 60 * 60 * 1000
// Expiry rounded up to this step, so answers built minutes apart carry the same URL and the
// browser does not reload a picture every time a list refetches.
const EXPIRY_STEP_MS = 10 * 60 * 1000

// Its own key, derived from the token secret: a URL signature can never pass for a token's.
let signingKey: Buffer | undefined
const key = () => (signingKey ??= crypto.createHmac('sha256', env.jwtSecret).update('upload-url-v1').digest())

const signatureOf = (relativePath: string, expires: number) =>
  crypto.createHmac('sha256', key()).update(`${relativePath}\n${expires}`).digest('base64url')

/** A URL of a private file valid for about two hours. */
export function signedUploadUrl(relativePath: string, now = clock.now()): string {
  const expires = Math.ceil((now + SIGNED_URL_TTL_MS) / EXPIRY_STEP_MS) * (EXPIRY_STEP_MS / 1000)
  return `${uploadUrl(relativePath)}?expires=${expires}&sig=${signatureOf(relativePath, expires)}`
}

/**
 * A private video's streaming copy is a folder (hls/<asset>/<random>/) whose playlists name their
 * segments relatively, so the signature rides in the path, before the key: every address a player
 * resolves from the master playlist carries it. It opens that one folder, for about two hours.
 */
const SIGNED_FOLDER = '_signed'
const streamFolderOf = (key: string) => /^(hls\/\d+\/[0-9a-f]+\/)/.exec(key)?.[1] ?? null

/** The signed address of a file in a streaming copy's folder (`key` under hls/). */
export function signedStreamUrl(key: string, now = clock.now()): string {
  const folder = streamFolderOf(key)
  if (!folder) throw new Error(`not a streaming copy's file: ${key}`)
  const expires = Math.ceil((now + SIGNED_URL_TTL_MS) / EXPIRY_STEP_MS) * (EXPIRY_STEP_MS / 1000)
  return `${PREFIX}${SIGNED_FOLDER}/${expires}/${signatureOf(folder, expires)}/${key}`
}

/**
 * The key a signed-folder address names when its signature is valid and unexpired for the key's own
 * folder; null for any other address (a plain one included), or a bad or old signature.
 */
export function signedStreamKeyOf(relativePath: string, now = clock.now()): string | null {
  const match = new RegExp(`^${SIGNED_FOLDER}/(\\d{1,12})/([\\w-]{43})/(.+)$`).exec(relativePath)
  if (!match) return null
  const [, expires, sig, key] = match
  const folder = streamFolderOf(key)
  if (!folder || !isStreamKey(key) || Number(expires) * 1000 < now) return null
  const expected = Buffer.from(signatureOf(folder, Number(expires)))
  const given = Buffer.from(sig)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? key : null
}

/** True when `query` carries an unexpired signature for exactly this file. */
export function hasValidSignature(relativePath: string, query: Record<string, unknown>, now = clock.now()): boolean {
  const { expires, sig } = query
  if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires)) return false
  if (Number(expires) * 1000 < now) return false
  const expected = Buffer.from(signatureOf(relativePath, Number(expires)))
  const given = Buffer.from(sig)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/**
 * The address to show the owner or staff for a stored URL: signed while the file is private, as it
 * is once public. URLs outside /uploads/ (seed images elsewhere, external links) pass unchanged.
 */
export function viewUrl(url: string, isPrivate: boolean): string {
  const relativePath = isPrivate ? uploadPathOf(url) : null
  return relativePath ? signedUploadUrl(relativePath) : url
}

/** Where storeUpload puts member files: a dated folder and a random name. */
export const MEMBER_UPLOAD_PATH = /^\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]+$/
const MEMBER_UPLOAD_REF = /\/uploads\/(\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]+)/g

/**
 * public: anyone, cacheable. private: the owner and staff, through a signed URL. gone: a member
 * file without its row (being deleted, or left behind by a crash), served to no one.
 */
export type Visibility = 'public' | 'private' | 'gone'

const VISIBILITY_TAG = 'upload-visibility'

// Approval, deletion and a new avatar change the answer; every such write goes through Prisma or
// tells db.ts (updateProfile), so the kept answers are dropped at once.
afterWrite((model, _isContent, columns) => {
  if (model === 'Upload' || (model === 'Member' && (!columns || columns.includes('avatar')))) tagsChanged([VISIBILITY_TAG])
})

async function lookUpVisibility(relativePath: string): Promise<Visibility> {
  // A video's streaming copy (hls/<asset id>/…, server/features/video) is seen by whoever sees its
  // original; a private one through a signed folder address (signedStreamUrl).
  const assetId = streamAssetIdOf(relativePath)
  if (assetId !== null) {
    const asset = await prisma.videoAsset.findUnique({ where: { id: assetId }, select: { source: true } })
    return asset ? lookUpVisibility(asset.source) : 'gone'
  }
  const row = await prisma.upload.findUnique({
    where: { path: relativePath },
    select: { isPublic: true, member: { select: { avatar: true } } },
  })
  if (!row) return MEMBER_UPLOAD_PATH.test(relativePath) ? 'gone' : 'public'
  // An avatar is shown wherever its member is: public while it is the avatar.
  return row.isPublic || row.member?.avatar === uploadUrl(relativePath) ? 'public' : 'private'
}

/** The visibility of the file at `relativePath`, kept in the server's cache until an upload or avatar changes. */
export function visibilityOf(relativePath: string): Promise<Visibility> {
  return cached(`upload-visibility|${relativePath}`, () => lookUpVisibility(relativePath), { tags: [VISIBILITY_TAG] })
}

/** Member files a piece of rich text names (`<img src="/uploads/2026/...">`), each once. */
export function referencedUploadPaths(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(MEMBER_UPLOAD_REF), (match) => match[1]))]
}

/**
 * `html` for its author or staff to preview: the author's own private files it names get signed
 * URLs. Files of other members stay as they are, so content cannot be used to reach them.
 */
export async function withSignedFiles(html: string, authorId: number | null): Promise<string> {
  const paths = referencedUploadPaths(html)
  if (!paths.length || authorId === null) return html
  const own = await prisma.upload.findMany({ where: { memberId: authorId, path: { in: paths }, isPublic: false }, select: { path: true } })
  if (!own.length) return html
  const signed = new Set(own.map((upload) => upload.path))
  // Stored HTML escapes "&" in attributes; the signed URL's must be too.
  return html.replace(MEMBER_UPLOAD_REF, (match, path: string) => (signed.has(path) ? signedUploadUrl(path).replace(/&/g, '&amp;') : match))
}

/**
 * The write that makes a member's files public, for the approval's transaction: the given uploads
 * and any of the member's files named by URL (a video, its cover, pictures in the content).
 */
export function publishUploads(
  memberId: number,
  { ids = [], urls = [], db = prisma }: { ids?: number[]; urls?: string[]; db?: Tx | typeof prisma },
) {
  const paths = urls.flatMap((url) => uploadPathOf(url) ?? [])
  return db.upload.updateMany({
    where: { OR: [{ id: { in: ids } }, { memberId, path: { in: paths } }] },
    data: { isPublic: true },
  })
}
