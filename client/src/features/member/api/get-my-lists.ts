import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { CollectedCourse, CollectedSpecial, ContributionSummary, FollowedTeacher, Page, ReleaseSummary } from '../types'
import { memberKeys } from './keys'

export type MyListParams = { page: number; limit: number }

export const getMyCourseCollect = (params: MyListParams) => post<Page<CollectedCourse>>('/api/Member/myCourseCollect', params)
export const getMyTeacherFollow = (params: MyListParams) => post<Page<FollowedTeacher>>('/api/Member/myTeacherFollow', params)
export const getMySpecialCollect = (params: MyListParams) => post<Page<CollectedSpecial>>('/api/Member/mySpecialCollect', params)
export const getMyContribution = (params: MyListParams) => post<Page<ContributionSummary>>('/api/Member/myContribution', params)
export const getMyRelease = (params: MyListParams) => post<Page<ReleaseSummary>>('/api/Member/myRelease', params)

// The user centre always shows the server's current lists (a follow elsewhere must appear at once).
const listOptions = { placeholderData: keepPreviousData, staleTime: 0 } as const

export const useMyCourseCollect = (params: MyListParams) =>
  useQuery({ queryKey: memberKeys.courseCollect(params), queryFn: () => getMyCourseCollect(params), ...listOptions })
export const useMyTeacherFollow = (params: MyListParams) =>
  useQuery({ queryKey: memberKeys.teacherFollow(params), queryFn: () => getMyTeacherFollow(params), ...listOptions })
export const useMySpecialCollect = (params: MyListParams) =>
  useQuery({ queryKey: memberKeys.specialCollect(params), queryFn: () => getMySpecialCollect(params), ...listOptions })
export const useMyContribution = (params: MyListParams) =>
  useQuery({ queryKey: memberKeys.contributions(params), queryFn: () => getMyContribution(params), ...listOptions })
export const useMyRelease = (params: MyListParams) =>
  useQuery({ queryKey: memberKeys.releases(params), queryFn: () => getMyRelease(params), ...listOptions })
