import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'

export const getCooperationDetails = (id: number) => post('/api/Course/cooperationDetails2', { id })

export const cooperationDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['cooperation', 'cooperationDetails2', id],
    queryFn: () => getCooperationDetails(id),
    ...freshOnEveryVisit(),
    enabled: id > 0,
  })

export const useCooperationDetails = (id: number) => useQuery(cooperationDetailsQuery(id))
