import { z } from 'zod'
import { adminPageFields } from '../content.schemas'

const mediaKind = z.enum(['image', 'document', 'video'], { error: '文件类型应为 image、document 或 video' })

export const mediaListSchema = z.object({ ...adminPageFields, kind: mediaKind.optional() })
export type MediaListInput = z.infer<typeof mediaListSchema>

/** The multipart text fields of Admin/mediaUpload beside the `file` part. */
export const mediaUploadFieldsSchema = z.object({ kind: mediaKind.optional() })
