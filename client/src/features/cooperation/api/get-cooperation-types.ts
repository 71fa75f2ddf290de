import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getCooperationTypes = () => post('/api/Course/cooperationType', {})

export const cooperationTypesQuery = () =>
  queryOptions({ queryKey: ['cooperation', 'cooperationType'], queryFn: getCooperationTypes, staleTime: 5 * 60_000 })

export const useCooperationTypes = () => useQuery(cooperationTypesQuery())
