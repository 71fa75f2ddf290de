import { post } from '../../../lib/api-client'

export type CollectKind = 'course' | 'special'

const actions: Record<CollectKind, { group: string; idField: string }> = {
  course: { group: 'Course', idField: 'courseId' },
  special: { group: 'Special', idField: 'specialId' },
}

export const collectItem = (kind: CollectKind, id: number) =>
  post<unknown>(`/api/${actions[kind].group}/${kind === 'course' ? 'courseCollect' : 'specialCollect'}`, { [actions[kind].idField]: id })

export const cancelCollectItem = (kind: CollectKind, id: number) =>
  post<unknown>(`/api/${actions[kind].group}/cancelCollect`, { [actions[kind].idField]: id })
