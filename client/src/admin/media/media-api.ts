import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminAction, adminUpload, useAdminQuery, type ListResult } from '../api/admin-client'
import type { MediaItem, MediaKind } from './media-types'

export type MediaListParams = { page: number; limit: number; kind?: MediaKind; keyword?: string }

export const useMediaList = (params: MediaListParams) => useAdminQuery<ListResult<MediaItem>>('media', 'mediaList', params)

/** Uploads one file into the library; the lists refresh so it shows at once. */
export function useMediaUpload() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, kind, onProgress }: { file: File; kind: MediaKind; onProgress?: (ratio: number) => void }) =>
      adminUpload<MediaItem>('mediaUpload', file, { kind }, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'media'] }),
  })
}

export function useMediaDelete() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => adminAction<null>('mediaDelete', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'media'] }),
  })
}
