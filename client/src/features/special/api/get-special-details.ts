import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'

export const getSpecialDetails = (id: number) => post('/api/Special/specialDetails', { id })

export const specialDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['special', 'specialDetails', id],
    queryFn: () => getSpecialDetails(id),
    ...freshOnEveryVisit(true),
    enabled: id > 0,
  })

export const useSpecialDetails = (id: number) => useQuery(specialDetailsQuery(id))
