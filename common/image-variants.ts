// Responsive copies of uploaded pictures: the naming rule shared by the server (which writes them
// at upload and seed time) and the client (which lists them in srcset). Every PNG, JPEG or WebP
// under /uploads/ gets one WebP per width, stored beside it as "<name>.<ext>.w<width>.webp" and
// never wider than the original (a narrower original is re-encoded at its own width under each
// name, so the client needs no dimensions to know which files exist). GIFs (animation) and
// anything else are left as they are.

export const VARIANT_WIDTHS = [480, 960, 1440] as const
export type VariantWidth = (typeof VARIANT_WIDTHS)[number]

const UPLOADS = '/uploads/'
const RESIZABLE = /\.(?:png|jpe?g|webp)$/i
const VARIANT = /^(.+\.(?:png|jpe?g|webp))\.w(\d+)\.webp$/i

/** True for a stored picture that has variants: a key or a plain `/uploads/` URL (no query: signed URLs are private files). */
export function hasVariants(keyOrUrl: string): boolean {
  return !/[?#]/.test(keyOrUrl) && RESIZABLE.test(keyOrUrl) && !VARIANT.test(keyOrUrl) && !keyOrUrl.includes('//')
}

/** The variant of `width` beside a key or URL: "/uploads/a/b.png" -> "/uploads/a/b.png.w480.webp". */
export const variantUrl = (keyOrUrl: string, width: number): string => `${keyOrUrl}.w${width}.webp`

/** The original and width a variant key names, or null when `key` is no variant. */
export function originalOfVariant(key: string): { original: string; width: number } | null {
  const match = VARIANT.exec(key)
  if (!match || !(VARIANT_WIDTHS as readonly number[]).includes(Number(match[2]))) return null
  return { original: match[1], width: Number(match[2]) }
}

/**
 * Where a stored `/uploads/...` URL is fetched from: the public media base (a CDN, MEDIA_PUBLIC_URL)
 * when one is set, else the URL itself. Signed URLs (private files) always stay on the site.
 */
export function deliveredUrl(url: string, mediaBase: string | undefined): string {
  if (!mediaBase || !url.startsWith(UPLOADS) || url.includes('?')) return url
  return `${mediaBase}/${url.slice(UPLOADS.length)}`
}

/** `srcset` of a stored picture's variants, delivered from `mediaBase`; '' when it has none. */
export function variantSrcSet(url: string, mediaBase?: string): string {
  if (!url.startsWith(UPLOADS) || !hasVariants(url)) return ''
  return VARIANT_WIDTHS.map((width) => `${deliveredUrl(variantUrl(url, width), mediaBase)} ${width}w`).join(', ')
}
