import { z } from 'zod'
import { RESUMABLE_KEY } from '../../../../common/resumable-upload'
import { idField } from '../../../lib/schemas'
import { adminPageFields } from '../content.schemas'

const mediaKind = z.enum(['image', 'document', 'video'], { error: '文件类型应为 image、document 或 video' })

/** A folder's name: short, and without slashes (folders do not nest). */
const folderName = z
  .string({ error: '文件夹名称应为文字' })
  .trim()
  .max(30, { error: '文件夹名称不能超过 30 个字' })
  .regex(/^[^/\\]*$/, { error: '文件夹名称不能包含斜杠' })

export const mediaListSchema = z.object({ ...adminPageFields, kind: mediaKind.optional(), folder: folderName.optional() })
export type MediaListInput = z.infer<typeof mediaListSchema>

/** The multipart text fields of Admin/mediaUpload beside the `file` part. */
export const mediaUploadFieldsSchema = z.object({ kind: mediaKind.optional(), folder: folderName.optional() })

/** Admin/mediaUploadComplete: a complete resumable upload's key, and the folder to file it under. */
export const mediaResumableCompleteSchema = z.object({
  key: z.string({ error: '请提供上传标识' }).regex(RESUMABLE_KEY, { error: '上传标识不正确' }),
  folder: folderName.optional(),
})

/** Admin/mediaSave: the library's own facts of a file; a field left out stays as it is. */
export const mediaSaveSchema = z.object({
  id: idField('文件 ID'),
  alt: z.string({ error: '替代文字应为文字' }).trim().max(120, { error: '替代文字不能超过 120 个字' }).optional(),
  folder: folderName.optional(),
})
export type MediaSaveInput = z.infer<typeof mediaSaveSchema>
