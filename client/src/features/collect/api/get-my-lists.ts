import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Paged } from '../../../lib/use-page-param'
import type { CollectedCourse, CollectedSpecial, FollowedTeacher } from '../types'
import { collectKeys } from './keys'

export type MyListParams = { page: number; limit: number }

export const getMyCourseCollect = (params: MyListParams) => post<Paged<CollectedCourse>>('/api/Member/myCourseCollect', params)
export const getMyTeacherFollow = (params: MyListParams) => post<Paged<FollowedTeacher>>('/api/Member/myTeacherFollow', params)
export const getMySpecialCollect = (params: MyListParams) => post<Paged<CollectedSpecial>>('/api/Member/mySpecialCollect', params)

// The user centre always shows the server's current lists (a follow elsewhere must appear at once).
const listOptions = { placeholderData: keepPreviousData, staleTime: 0 } as const

export const useMyCourseCollect = (params: MyListParams) =>
  useQuery({ queryKey: collectKeys.courseCollect(params), queryFn: () => getMyCourseCollect(params), ...listOptions })
export const useMyTeacherFollow = (params: MyListParams) =>
  useQuery({ queryKey: collectKeys.teacherFollow(params), queryFn: () => getMyTeacherFollow(params), ...listOptions })
export const useMySpecialCollect = (params: MyListParams) =>
  useQuery({ queryKey: collectKeys.specialCollect(params), queryFn: () => getMySpecialCollect(params), ...listOptions })
