import { defineAction, type MemberContext } from '../../lib/action'
import type { UploadKind } from '../../lib/uploads'
import { ApiError, Code } from '../../lib/api-error'
import { REVIEW_TAG } from '../review/review.service'
import { addTeacherVideo } from './teacher-video.service'
import { addTeacherVideoSchema, resumableCompleteSchema, uploadFieldsSchema, type UploadFieldsInput } from './upload.schemas'
import { acceptUploads, storedUploadAnswer, storeUpload } from './upload.service'
import { completeResumable } from './resumable.service'

const MEMBER_KINDS: UploadKind[] = ['image', 'document']
const TEACHER_KINDS: UploadKind[] = ['image', 'document', 'video']

/** Stores the received file for the signed-in member; `kind` narrows what the page expects. */
function storeFor(allowed: UploadKind[]) {
  return (fields: UploadFieldsInput, { member, file }: MemberContext) => {
    if (!file) throw new ApiError(Code.BAD_PARAMS, '请选择要上传的文件')
    const kinds = fields.kind ? allowed.filter((kind) => kind === fields.kind) : allowed
    if (!kinds.length) throw new ApiError(Code.BAD_PARAMS, '上传类型不正确')
    return storeUpload({ tempPath: file.path, originalName: file.originalName, memberId: member.id, allowed: kinds })
  }
}

export const uploadActions = [
  defineAction({
    group: 'Member',
    name: 'uploads',
    summary: '上传投稿附件（图片或文档，multipart 字段 file）',
    input: uploadFieldsSchema,
    access: 'member',
    upload: acceptUploads(MEMBER_KINDS),
    handler: storeFor(MEMBER_KINDS),
    example: { kind: 'image' },
  }),
  defineAction({
    group: 'Teacher',
    name: 'upload',
    summary: '上传名师视频、封面或文档（multipart 字段 file）',
    input: uploadFieldsSchema,
    access: 'member',
    upload: acceptUploads(TEACHER_KINDS),
    handler: storeFor(TEACHER_KINDS),
    example: { kind: 'image' },
  }),
  defineAction({
    group: 'Teacher',
    name: 'uploadComplete',
    summary: '完成断点续传的视频上传（tus，用途 teacher-video），返回与 Teacher/upload 相同的文件信息；重复调用返回同一文件',
    input: resumableCompleteSchema,
    access: 'member',
    handler: ({ key }, { member }) =>
      completeResumable(member, key, {
        purpose: 'teacher-video',
        store: (file, kinds) =>
          storeUpload({ tempPath: file.path, originalName: file.originalName, memberId: member.id, allowed: [...kinds] }),
        answerFor: (uploadId) => storedUploadAnswer(uploadId, member.id),
      }),
    example: { key: 'q3Vh0pZ5mS2xYt8LrKe1Aw' },
  }),
  defineAction({
    group: 'Teacher',
    name: 'addTeacherVideo',
    summary: '提交名师视频（待审核）',
    input: addTeacherVideoSchema,
    access: 'member',
    changes: { tags: () => [REVIEW_TAG] },
    handler: (input, { member }) => addTeacherVideo(member.id, input),
    example: { teacherId: 1, title: '课堂实录', intro: '', videoUploadId: 1 },
  }),
]
