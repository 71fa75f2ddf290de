import { post } from '../../../lib/api-client'

export const followTeacher = (teacherId: number) => post<unknown>('/api/Teacher/teacherFollow', { teacherId })
export const cancelFollowTeacher = (teacherId: number) => post<unknown>('/api/Teacher/cancelFollow', { teacherId })
