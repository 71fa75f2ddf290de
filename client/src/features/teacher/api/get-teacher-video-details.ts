import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { TeacherVideoDetail } from '../types'

export const getTeacherVideoDetails = (id: number) => post<TeacherVideoDetail>('/api/Teacher/teacherVideoDetails', { id })

export const useTeacherVideoDetails = (id: number) =>
  useQuery({
    queryKey: ['teacher', 'teacherVideoDetails', id],
    queryFn: () => getTeacherVideoDetails(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: id > 0,
  })
