// Every console call is POST /api/Admin/<action>. Calls are silent: the console reports failures
// itself (antd message or the form's alert), not through the portal's toaster.
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query'
import { post, upload, uploadWithProgress } from '../../lib/api-client'

export type ListResult<T> = { list: T[]; total: number; page: number; limit: number }
export type ListParams = { page?: number; limit?: number; keyword?: string } & Record<string, unknown>

export const adminAction = <T>(action: string, payload: object = {}) => post<T>(`/api/Admin/${action}`, payload, { silent: true })

/** A multipart Admin action: one `file` part plus plain fields. */
export function adminUpload<T>(action: string, file: File, fields: Record<string, string> = {}, onProgress?: (ratio: number) => void) {
  const form = new FormData()
  Object.entries(fields).forEach(([key, value]) => form.append(key, value))
  form.append('file', file)
  return onProgress
    ? uploadWithProgress<T>(`/api/Admin/${action}`, form, { silent: true, onProgress })
    : upload<T>(`/api/Admin/${action}`, form, { silent: true })
}

/** Query keys start with 'admin' and the entity (or area) word, so a write can refresh its area. */
export const adminKey = (area: string, action: string, params?: unknown): QueryKey =>
  params === undefined ? ['admin', area, action] : ['admin', area, action, params]

// Staff edit the same records from several tabs and people: console reads are never served stale.
export function useAdminQuery<T>(area: string, action: string, params: object = {}, isEnabled = true) {
  return useQuery({
    queryKey: adminKey(area, action, params),
    queryFn: () => adminAction<T>(action, params),
    enabled: isEnabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}
