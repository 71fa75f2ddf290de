import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { SubmissionStatus } from '../../../../../common/rules'
import type { VideoStream } from '../../../../../common/video'
import type { Paged } from '../../../lib/use-page-param'

// Lecture videos a member files for a teacher (Teacher/addTeacherVideo) and their review (Member/myTeacherVideo).

export type TeacherOption = { id: number; name: string; img: string; title?: string; categoryName: string }

export type AddTeacherVideoParams = { teacherId: number; title: string; intro?: string; videoUploadId: number; coverUploadId?: number }

export type MyTeacherVideo = {
  id: number
  title: string
  /** Signed, short-lived addresses until the video is approved (see Attachment). */
  cover_img: string
  videoUrl: string
  status: SubmissionStatus
  statusText?: string
  reviewNote: string
  reviewedAt: string | null
  createdAt: string
  teacher: { id: number; name: string }
  /** Its streaming copy for phones: being made, ready, or failed with the reason. */
  stream: VideoStream | null
}

export const teacherVideoKeys = {
  teachers: () => ['member', 'teacherOptions'] as const,
  mine: (params?: object) => (params ? (['member', 'myTeacherVideo', params] as const) : (['member', 'myTeacherVideo'] as const)),
}

type Card = { id: number; name: string; img: string; title?: string }
type CategoryTeachers = { id: number; name: string; total: number; teachers: Card[] }

// teacherAll answers at most 50 teachers per category; larger categories are read page by page.
const PER_CATEGORY = 50

/** Every published teacher with the name of their category, in the order the portal lists them. */
export async function getTeacherOptions(): Promise<TeacherOption[]> {
  // Silent: the picker says the list failed and offers a retry.
  const categories = await post<CategoryTeachers[]>('/api/Teacher/teacherAll', { perCategory: PER_CATEGORY }, { silent: true })
  const lists = await Promise.all(
    categories.map(async (category) => {
      if (category.total <= category.teachers.length) return category.teachers
      const pages = Math.ceil(category.total / PER_CATEGORY)
      const rest = await Promise.all(
        Array.from({ length: pages }, (_, i) =>
          post<Paged<Card>>('/api/Teacher/teacherList', { cid: category.id, page: i + 1, limit: PER_CATEGORY }, { silent: true }),
        ),
      )
      return rest.flatMap((page) => page.list)
    }),
  )
  const seen = new Set<number>()
  return categories.flatMap((category, i) =>
    lists[i].flatMap(({ id, name, img, title }) => {
      if (seen.has(id)) return []
      seen.add(id)
      return [{ id, name, img, title, categoryName: category.name }]
    }),
  )
}

export const useTeacherOptions = () =>
  useQuery({ queryKey: teacherVideoKeys.teachers(), queryFn: getTeacherOptions, staleTime: 5 * 60_000 })

/** Silent: the form shows the server's refusal next to the field it is about. */
export const addTeacherVideo = (params: AddTeacherVideoParams) =>
  post<{ id: number; status: SubmissionStatus; statusText?: string }>('/api/Teacher/addTeacherVideo', params, { silent: true })

export function useAddTeacherVideo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addTeacherVideo,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teacherVideoKeys.mine() }),
  })
}

export type MyTeacherVideoParams = { page: number; limit: number }

export const getMyTeacherVideo = (params: MyTeacherVideoParams) => post<Paged<MyTeacherVideo>>('/api/Member/myTeacherVideo', params)

// Like the other "my" lists: always the server's current review state.
export const useMyTeacherVideo = (params: MyTeacherVideoParams) =>
  useQuery({
    queryKey: teacherVideoKeys.mine(params),
    queryFn: () => getMyTeacherVideo(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
