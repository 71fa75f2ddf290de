import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { TeacherDetail } from '../types'

export const getTeacherDetails = (id: number) => post<TeacherDetail>('/api/Teacher/teacherDetails', { id })

// Detail pages fetch fresh on every visit (spec §2): nothing is kept once the page is left.
export const useTeacherDetails = (id: number) =>
  useQuery({
    queryKey: ['teacher', 'teacherDetails', id],
    queryFn: () => getTeacherDetails(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: id > 0,
  })
