import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import type { Page } from '../../../common/api/page'

/** A positive integer from the URL, or the fallback for anything else (e.g. ?page=abc, ?page=-2). */
export function parsePositiveInt(raw: string | null | undefined, fallback = 1): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) return fallback
  const value = Number(raw)
  return value >= 1 ? value : fallback
}

/**
 * The list page number kept in ?page= so shared links, reload and Back all show the same page.
 * Page 1 drops the parameter to keep canonical URLs short; other params are preserved.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [search, setSearch] = useSearchParams()
  const page = parsePositiveInt(search.get('page'))
  const setPage = useCallback(
    (next: number) => {
      setSearch((current) => {
        const params = new URLSearchParams(current)
        if (next > 1) params.set('page', String(next))
        else params.delete('page')
        return params
      })
    },
    [setSearch],
  )
  return [page, setPage]
}

/** The {list,total,page,limit} shape every list action answers with. */
export type Paged<T> = Page<T>
