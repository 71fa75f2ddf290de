import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminAction, adminUpload, useAdminQuery, type ListResult } from '../api/admin-client'
import type { MediaFolder, MediaItem, MediaKind } from './media-types'

export type MediaListParams = { page: number; limit: number; kind?: MediaKind; keyword?: string; folder?: string }

export const useMediaList = (params: MediaListParams) =>
  useAdminQuery<ListResult<MediaItem> & { folders: MediaFolder[] }>('media', 'mediaList', params)

/** Saves a file's alt text and folder. */
export function useMediaSave() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: number; alt: string; folder: string }) => adminAction<MediaItem>('mediaSave', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'media'] }),
  })
}

export type MediaUploadInput = { file: File; kind: MediaKind; folder?: string; onProgress?: (ratio: number) => void }

/** Uploads one image or document into the library (into `folder` when given); the lists refresh so it shows at once. */
export function useMediaUpload() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, kind, folder, onProgress }: MediaUploadInput) =>
      adminUpload<MediaItem>('mediaUpload', file, folder ? { kind, folder } : { kind }, onProgress),
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
