// The spec's /search and /cooperation/detail/{a} carry an encoded JSON object.
export type SearchType = 'teacher' | 'course' | 'special' | 'all'
export type SearchQuery = { type: SearchType; keyWord?: string; label?: string }
export type CooperationParam = { id: number; name: string }

const SEARCH_TYPES: SearchType[] = ['teacher', 'course', 'special', 'all']

export const encodeJsonParam = (value: object) => encodeURIComponent(JSON.stringify(value))

function decodeJsonParam(raw: string | null | undefined): unknown {
  if (!raw) return null
  try {
    return JSON.parse(raw.startsWith('{') ? raw : decodeURIComponent(raw))
  } catch {
    return null
  }
}

/** `/search?q=<encoded JSON>`; only a non-empty keyWord or label makes a query. */
export function searchPath(query: SearchQuery): string {
  const clean: SearchQuery = { type: query.type }
  if (query.keyWord?.trim()) clean.keyWord = query.keyWord.trim()
  if (query.label?.trim()) clean.label = query.label.trim()
  return `/search?q=${encodeJsonParam(clean)}`
}

export function parseSearchQuery(raw: string | null | undefined): SearchQuery | null {
  const value = decodeJsonParam(raw) as Partial<SearchQuery> | null
  if (!value || typeof value !== 'object') return null
  const type = SEARCH_TYPES.includes(value.type as SearchType) ? (value.type as SearchType) : 'teacher'
  const keyWord = typeof value.keyWord === 'string' ? value.keyWord.trim() : ''
  const label = typeof value.label === 'string' ? value.label.trim() : ''
  if (!keyWord && !label) return null
  return { type, ...(keyWord ? { keyWord } : {}), ...(label ? { label } : {}) }
}

export const cooperationDetailPath = (param: CooperationParam) => `/cooperation/detail/${encodeJsonParam(param)}`

export function parseCooperationParam(raw: string | null | undefined): CooperationParam | null {
  const value = decodeJsonParam(raw) as Partial<CooperationParam> | null
  const id = Number(value?.id)
  if (!value || !Number.isInteger(id) || id <= 0) return null
  return { id, name: typeof value.name === 'string' ? value.name : '' }
}
