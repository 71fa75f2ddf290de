import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'

// cooperationDetails is the page of a type (ids 1-5); cooperationDetails2 is one entry of a type.
export const getCooperationTypeDetails = (id: number) => post('/api/Course/cooperationDetails', { id })

export const cooperationTypeDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['cooperation', 'cooperationDetails', id],
    queryFn: () => getCooperationTypeDetails(id),
    ...freshOnEveryVisit(),
    enabled: id > 0,
  })

export const useCooperationTypeDetails = (id: number) => useQuery(cooperationTypeDetailsQuery(id))
