import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'
import type { CooperationEntryDetail } from '../types'

export const getCooperationEntry = (id: number) => post<CooperationEntryDetail>('/api/Course/cooperationDetails2', { id })

export const cooperationEntryQuery = (id: number) =>
  queryOptions({
    queryKey: ['cooperation', 'cooperationDetails2', id],
    queryFn: () => getCooperationEntry(id),
    ...freshOnEveryVisit(),
    enabled: id > 0,
  })

export const useCooperationEntry = (id: number) => useQuery(cooperationEntryQuery(id))
