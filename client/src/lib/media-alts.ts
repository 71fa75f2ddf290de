// The alt text staff write for a file in the media library, shown by every content picture
// (components/ui/responsive-image.tsx) in place of its page's words. The server render asks
// Index/mediaAlts for the pictures of the page it renders and sends the answer in its query cache;
// the browser asks for the pictures of the pages it opens itself (watchMediaAlts). One map per
// visit, under MEDIA_ALTS_KEY: address → alt text, '' when the file has none.
import type { QueryClient } from '@tanstack/react-query'
import { QueryClientContext } from '@tanstack/react-query'
import { useContext, useSyncExternalStore } from 'react'
import { post } from './api-client'

export type MediaAlts = Record<string, string>
export const MEDIA_ALTS_KEY = ['media-alts'] as const
const MEDIA_ALTS_HASH = JSON.stringify(MEDIA_ALTS_KEY)
const BATCH = 100

// A stored picture's address inside any reply: "/uploads/…".
const STORED_PICTURE = /"(\/uploads\/[^"\\]{1,300})"/g

/** The stored pictures the cache's replies name that the map does not know yet. */
function unknownPictures(queryClient: QueryClient): string[] {
  const known = queryClient.getQueryData<MediaAlts>(MEDIA_ALTS_KEY) ?? {}
  const found = new Set<string>()
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.queryHash === MEDIA_ALTS_HASH || query.state.data === undefined) continue
    for (const match of JSON.stringify(query.state.data).matchAll(STORED_PICTURE)) if (!(match[1] in known)) found.add(match[1])
  }
  return [...found]
}

/** Asks for the alt text of the pictures the cache names and the map lacks; a failure leaves the page's words. */
export async function loadMediaAlts(queryClient: QueryClient): Promise<void> {
  const wanted = unknownPictures(queryClient)
  for (let start = 0; start < wanted.length; start += BATCH) {
    const answer = await post<MediaAlts>('/api/Index/mediaAlts', { paths: wanted.slice(start, start + BATCH) }, { silent: true }).catch(
      () => null,
    )
    if (answer) queryClient.setQueryData<MediaAlts>(MEDIA_ALTS_KEY, (known) => ({ ...known, ...answer }))
  }
}

/** In the browser: after any reply arrives, the alt text of the new pictures it names (one request a burst). */
export function watchMediaAlts(queryClient: QueryClient): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash === MEDIA_ALTS_HASH) return
    clearTimeout(pending)
    pending = setTimeout(() => void loadMediaAlts(queryClient), 50)
  })
}

/** The file's alt text for a picture address, or undefined (no map, no file, none written). */
export function useMediaAlt(src: string): string | undefined {
  const queryClient = useContext(QueryClientContext)
  const read = () => queryClient?.getQueryData<MediaAlts>(MEDIA_ALTS_KEY)?.[src] || undefined
  const subscribe = (notify: () => void) =>
    queryClient?.getQueryCache().subscribe((event) => {
      if (event.query.queryHash === MEDIA_ALTS_HASH) notify()
    }) ?? (() => undefined)
  return useSyncExternalStore(subscribe, read, read)
}
