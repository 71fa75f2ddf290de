// The one way content pictures are drawn: the stored picture's WebP copies in srcset (chosen by the
// browser from `sizes`), width and height for the space it takes before it loads, lazy loading
// below the fold, and for the page's largest picture (`priority`) an early, high-priority fetch
// that the server render also preloads from the document's head.
import { createContext, useContext } from 'react'
import { hasVariants, variantUrl, VARIANT_WIDTHS } from '../../../../common/image-variants'
import { mediaAddress } from '../../lib/media-address'
import { useMediaAlt } from '../../lib/media-alts'

/** What the server render preloads: the picture's fallback address, its srcset and sizes. */
export type LcpImage = { href: string; srcSet: string; sizes: string }

/** Given by the server render (entry-server.tsx): the first priority picture of the page is preloaded. */
export const LcpImageContext = createContext<((image: LcpImage) => void) | null>(null)

/** The fallback address, srcset (empty when the picture has no copies: GIFs, external links, signed URLs) of a stored picture. */
export function pictureSources(src: string): { href: string; srcSet: string } {
  const srcSet =
    hasVariants(src) && src.startsWith('/uploads/') ? VARIANT_WIDTHS.map((w) => `${mediaAddress(variantUrl(src, w))} ${w}w`).join(', ') : ''
  return { href: mediaAddress(src), srcSet }
}

/** One address for a picture drawn at about 960 px by something other than <img> (a video's poster): its WebP copy when it has copies. */
export const posterUrl = (src: string) => mediaAddress(hasVariants(src) && src.startsWith('/uploads/') ? variantUrl(src, 960) : src)

/**
 * Reports the page's largest picture to the server render. `isPoster`: a video's poster, preloaded
 * as posterUrl() names it.
 */
export function useLcpHint(src: string | null | undefined, sizes: string, isPoster = false) {
  const report = useContext(LcpImageContext)
  if (!report || !src) return
  report(isPoster ? { href: posterUrl(src), srcSet: '', sizes: '' } : { ...pictureSources(src), sizes })
}

export type ResponsiveImageProps = {
  /** The stored address (`/uploads/...`), or any other picture URL (shown as it is). */
  src: string
  /** The page's words for the picture; the file's alt text from the media library replaces them when staff wrote one. */
  alt: string
  /** The box's shape in pixels (its aspect ratio is what matters: CSS sizes the box). */
  width: number
  height: number
  /** How wide the picture is drawn, as for <img sizes>: "(max-width: 640px) 50vw, 300px". */
  sizes: string
  /** The page's largest picture above the fold: fetched at once with high priority and preloaded. */
  priority?: boolean
  className?: string
  title?: string
}

export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, className, title }: ResponsiveImageProps) {
  const { href, srcSet } = pictureSources(src)
  // The alt text staff wrote for the file in the media library comes first (lib/media-alts.ts).
  const fileAlt = useMediaAlt(src)
  useLcpHint(priority ? src : null, sizes)
  return (
    <img
      className={className}
      src={href}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={fileAlt ?? alt}
      title={title}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  )
}
