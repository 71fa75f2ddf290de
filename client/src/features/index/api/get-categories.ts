import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Category } from '../types'

export type CategoryKind = 'teacher' | 'course' | 'special'

const ACTIONS: Record<CategoryKind, string> = {
  teacher: '/api/Index/teacherClass',
  course: '/api/Index/courseClass',
  special: '/api/Index/specialClass',
}

export const getCategories = (kind: CategoryKind) => post<Category[]>(ACTIONS[kind], {}, { silent: true })

export const categoriesQuery = (kind: CategoryKind) =>
  queryOptions({ queryKey: ['index', `${kind}Class`], queryFn: () => getCategories(kind), staleTime: Infinity })

/** Teacher, course or special-topic categories as [{id, name}], cached for the session. */
export const useCategories = (kind: CategoryKind) => useQuery(categoriesQuery(kind))
