import { useQuery } from '@tanstack/react-query'
import { mediaUrl, post } from '../../../lib/api-client'
import type { HomeData } from '../types'

export const getIndexList = () => post<HomeData>('/api/Index/indexList')

/** Lets the browser fetch the first banner (the page's largest paint) before React renders the home. */
function preloadFirstBanner(data: HomeData) {
  const src = data.banner[0]?.litpic
  if (!src || document.querySelector('link[data-home-banner]')) return
  const link = document.createElement('link')
  link.rel = 'preload'
  link.as = 'image'
  link.href = mediaUrl(src)
  link.setAttribute('fetchpriority', 'high')
  link.dataset.homeBanner = ''
  document.head.appendChild(link)
}

// On a first load of '/', the home aggregate is requested as soon as the entry chunk runs, in parallel
// with the lazy home chunk. When it arrives first (the usual case), the first render already has it as
// initial data, so the banner (the largest contentful paint) is in the very first commit.
let early: Promise<HomeData> | null = null
let earlyData: { data: HomeData; at: number } | undefined
if (import.meta.env.PROD && typeof window !== 'undefined' && window.location.pathname === '/') {
  early = getIndexList()
  early.then(
    (data) => {
      earlyData = { data, at: Date.now() }
      early = null
      preloadFirstBanner(data)
    },
    () => undefined,
  )
}

function loadIndexList() {
  const pending = early
  early = null
  return pending ?? getIndexList()
}

/** The home aggregate; the layout's teacher-library menu reads the same cache entry. */
export const useIndexList = (enabled = true) =>
  useQuery({
    queryKey: ['index', 'indexList'],
    queryFn: loadIndexList,
    initialData: () => earlyData?.data,
    initialDataUpdatedAt: () => earlyData?.at,
    enabled,
    staleTime: 5 * 60_000,
  })
