import { z } from 'zod'
import { RESUMABLE_KEY } from '../../../common/resumable-upload'
import { idField } from '../../lib/schemas'

/** Multipart text fields beside the file; `kind` narrows what the page expects. */
export const uploadFieldsSchema = z.object({
  kind: z.enum(['image', 'document', 'video'], { error: '上传类型不正确' }).optional(),
})

export type UploadFieldsInput = z.infer<typeof uploadFieldsSchema>

export const addTeacherVideoSchema = z.object({
  teacherId: idField('名师ID'),
  title: z.string({ error: '请输入视频标题' }).trim().min(1, { error: '请输入视频标题' }).max(100, { error: '视频标题最多 100 个字' }),
  intro: z.string({ error: '视频简介格式不正确' }).trim().max(500, { error: '视频简介最多 500 个字' }).optional().default(''),
  videoUploadId: idField('视频文件ID'),
  coverUploadId: idField('封面图片ID').optional(),
})
export type AddTeacherVideoInput = z.infer<typeof addTeacherVideoSchema>

/** A complete resumable upload's key: the last segment of its tus address (common/resumable-upload.ts). */
export const resumableKeyField = z.string({ error: '请提供上传标识' }).regex(RESUMABLE_KEY, { error: '上传标识不正确' })

export const resumableCompleteSchema = z.object({ key: resumableKeyField })
