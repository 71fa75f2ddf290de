import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type CategoryKind = 'teacher' | 'course' | 'special'

const ACTIONS = {
  teacher: '/api/Index/teacherClass',
  course: '/api/Index/courseClass',
  special: '/api/Index/specialClass',
} as const satisfies Record<CategoryKind, string>

export const getCategories = (kind: CategoryKind) => post(ACTIONS[kind], {}, { silent: true })

export const categoriesQuery = (kind: CategoryKind) =>
  queryOptions({ queryKey: ['index', `${kind}Class`], queryFn: () => getCategories(kind), staleTime: Infinity })

/** Teacher, course or special-topic categories as [{id, name}], cached for the session. */
export const useCategories = (kind: CategoryKind) => useQuery(categoriesQuery(kind))
