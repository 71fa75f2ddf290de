import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { CourseDetail } from '../types'

export const getCourseDetails = (id: number) => post<CourseDetail>('/api/Course/courseDetails', { id })

export const useCourseDetails = (id: number) =>
  useQuery({
    queryKey: ['course', 'courseDetails', id],
    queryFn: () => getCourseDetails(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: id > 0,
  })
