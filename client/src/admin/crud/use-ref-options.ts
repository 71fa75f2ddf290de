import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { adminAction, adminKey, type ListResult } from '../api/admin-client'
import type { RefSpec } from './entity-config'

export type RefOption = { value: string | number; label: string }
type Row = Record<string, unknown>

// A referenced record's key (slug, tag name or type id) and its display name.
const keyOf = (ref: RefSpec, row: Row) => row[ref.valueField ?? 'slug'] as string | number
const labelOf = (ref: RefSpec, row: Row) => String(row[ref.labelField ?? 'name'] ?? row.title ?? row.name ?? keyOf(ref, row))

// Lookups for selects and table cells: many cells ask for the same list, so it is shared for a while.
function useLookup(entity: string, params: object, isEnabled = true) {
  return useQuery({
    queryKey: adminKey(entity, `${entity}List`, params),
    queryFn: () => adminAction<ListResult<Row>>(`${entity}List`, params),
    enabled: isEnabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })
}

/**
 * Options for a reference field from the entity's own list action. Large lists (teachers, courses)
 * are searched on the server as the user types; small ones (categories, tags) load whole.
 */
export function useRefOptions(ref: RefSpec, keyword = '') {
  const deferred = useDeferredValue(keyword.trim())
  const params = ref.search ? { page: 1, limit: 30, keyword: deferred || undefined } : { page: 1, limit: 100 }
  const list = useLookup(ref.entity, params)
  const options = useMemo<RefOption[]>(
    () => (list.data?.list ?? []).map((row) => ({ value: keyOf(ref, row), label: labelOf(ref, row) })),
    [list.data, ref],
  )
  return { options, isLoading: list.isFetching }
}

/** Display names of referenced keys, as far as the first page of the entity's list knows them. */
export function useRefLabels(ref: RefSpec | undefined) {
  const list = useLookup(ref?.entity ?? 'none', { page: 1, limit: 100 }, Boolean(ref))
  return useMemo(() => {
    const labels = new Map<string | number, string>()
    if (ref) for (const row of list.data?.list ?? []) labels.set(keyOf(ref, row), labelOf(ref, row))
    return labels
  }, [list.data, ref])
}
