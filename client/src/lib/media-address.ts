// Where the browser fetches a stored file: through the public media base (MEDIA_PUBLIC_URL, a CDN)
// when the site has one, else from the site's own /uploads. The server render sets the base, and the
// browser reads it once from the <meta name="media-base"> that render wrote, so both draw the same
// addresses. Every public picture, video and poster goes through mediaAddress (the staff console
// and the user centre show files to their owners and stay on the site's own address).
import { deliveredUrl } from '../../../common/image-variants'
import { mediaUrl } from './api-client'

let mediaBase: string | undefined
let isBaseKnown = false
export const MEDIA_BASE_META = 'media-base'

export function setMediaBase(base: string | undefined) {
  mediaBase = base || undefined
  isBaseKnown = true
}

function currentMediaBase(): string | undefined {
  if (!isBaseKnown && typeof document !== 'undefined') {
    setMediaBase(document.querySelector(`meta[name="${MEDIA_BASE_META}"]`)?.getAttribute('content') ?? undefined)
  }
  return mediaBase
}

/** The address of a stored file (`/uploads/...`) or any other URL, as a public page fetches it; '' for none. */
export const mediaAddress = (src: string | null | undefined): string => (src ? mediaUrl(deliveredUrl(src, currentMediaBase())) : '')
