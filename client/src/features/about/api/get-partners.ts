import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Partner } from '../types'

export const getPartners = () => post<Partner[]>('/api/Course/cooperative', {})

export const usePartners = (enabled = true) =>
  useQuery({ queryKey: ['about', 'cooperative'], queryFn: getPartners, enabled, staleTime: 5 * 60_000 })
