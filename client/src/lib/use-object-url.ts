import { useMemo } from 'react'

type LocalSourceElement = HTMLMediaElement | HTMLImageElement

/**
 * A ref that shows a local file in a <video> or <img> through an object URL the element owns: made
 * when the element attaches, and on detach the element lets go of it before it is revoked. A URL
 * revoked while a <video> still reads it makes Chromium log "net::ERR_FILE_NOT_FOUND", and a media
 * element taken out of the page goes on reading its source until told otherwise.
 */
export function useObjectUrlSource(file: Blob) {
  return useMemo(
    () => (element: LocalSourceElement | null) => {
      if (!element) return
      const url = URL.createObjectURL(file)
      element.src = url
      return () => {
        element.removeAttribute('src')
        if (element instanceof HTMLMediaElement) element.load()
        URL.revokeObjectURL(url)
      }
    },
    [file],
  )
}
