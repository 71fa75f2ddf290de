// Writes the WebP copies of a stored picture (common/image-variants.ts names them) once, when the
// picture is stored: at upload, at seed and import time, and for older pictures by
// `npm run media:variants`. A picture that cannot be decoded keeps only its original.
import { hasVariants, variantUrl, VARIANT_WIDTHS } from '../../../common/image-variants'
import { prisma } from '../../db'
import { logger } from '../../lib/logger'
import { storage } from '../../lib/storage'
import { isStreamKey } from '../../lib/uploads'

// Larger pictures (a crafted 5 MB PNG can claim 30000 x 30000) are stored without copies rather than
// decoded: 40 megapixels is past any photo a page shows.
const MAX_INPUT_PIXELS = 40_000_000
const WEBP_QUALITY = 78

export type Dimensions = { width: number; height: number }
export type PictureVariants = Dimensions & { files: { key: string; bytes: Buffer }[] }

/**
 * The original's size and its copies, made in memory from `input` (a file path or the bytes) for
 * the picture stored under `key`; null when `key` gets no copies or the bytes are no readable picture.
 */
export async function makeVariants(key: string, input: string | Buffer): Promise<PictureVariants | null> {
  if (!hasVariants(key)) return null
  // Loaded on the first picture: most processes (and most test files) never make one.
  const { default: sharp } = await import('sharp')
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    const { width, height, orientation } = await image.metadata()
    if (!width || !height) return null
    // EXIF orientations 5-8 turn the picture a quarter: its shown width is its stored height.
    const turned = (orientation ?? 1) >= 5
    const shown = turned ? { width: height, height: width } : { width, height }
    const files = await Promise.all(
      VARIANT_WIDTHS.map(async (target) => ({
        key: variantUrl(key, target),
        bytes: await image
          .clone()
          .rotate()
          .resize({ width: Math.min(target, shown.width), withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      })),
    )
    return { ...shown, files }
  } catch (error) {
    logger.warn({ err: error, key }, 'picture not decodable: stored without responsive copies')
    return null
  }
}

/** Stores made copies; the original is stored by the caller. */
export async function storeVariants(variants: PictureVariants | null): Promise<void> {
  if (!variants) return
  await Promise.all(variants.files.map((file) => storage().put(file.key, file.bytes, { contentType: 'image/webp' })))
}

/** Makes and stores the copies of a picture already in storage; its size, or null. */
export async function writeVariantsOf(key: string): Promise<Dimensions | null> {
  if (!hasVariants(key)) return null
  const stream = await storage().get(key)
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  const variants = await makeVariants(key, Buffer.concat(chunks))
  await storeVariants(variants)
  return variants && { width: variants.width, height: variants.height }
}

/** Removes a stored file and its copies; missing files are no error. */
export async function removeStoredFile(key: string): Promise<void> {
  const keys = [key, ...(hasVariants(key) ? VARIANT_WIDTHS.map((width) => variantUrl(key, width)) : [])]
  await Promise.all(keys.map((item) => storage().delete(item)))
}

export type BackfillResult = { pictures: number; made: number; failed: number }

/**
 * Makes the copies every stored picture is missing (files stored before copies existed, or whose
 * copies were lost) and records sizes on Upload rows that have none: `npm run media:variants`.
 * Run again, it finds nothing to do. Export archives, video posters (hls/) and hidden work files are not pictures.
 */
export async function backfillVariants(onProgress?: (result: BackfillResult) => void): Promise<BackfillResult> {
  const result: BackfillResult = { pictures: 0, made: 0, failed: 0 }
  for await (const key of storage().list('')) {
    if (!hasVariants(key) || key.startsWith('exports/') || isStreamKey(key) || key.split('/').some((part) => part.startsWith('.'))) continue
    result.pictures++
    const row = await prisma.upload.findUnique({ where: { path: key }, select: { id: true, width: true } })
    const isComplete = (await storage().exists(variantUrl(key, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]))) && row?.width !== null
    if (isComplete) continue
    const size = await writeVariantsOf(key)
    if (!size) {
      result.failed++
      continue
    }
    result.made++
    if (row) await prisma.upload.update({ where: { id: row.id }, data: size })
    if (result.made % 100 === 0) onProgress?.(result)
  }
  return result
}
