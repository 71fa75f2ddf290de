import { defineAction } from '../../../lib/action'
import { idSchema } from '../../../lib/schemas'
import { acceptUploads } from '../../upload/upload.service'
import { completeResumable } from '../../upload/resumable.service'
import { CONTENT_EDITORS, DELETERS } from '../../../../common/staff-roles'
import { actorOf, staffOnly } from '../people/staff-access'
import { mediaListSchema, mediaResumableCompleteSchema, mediaSaveSchema, mediaUploadFieldsSchema } from './media-library.schemas'
import { deleteMedia, getMedia, listMedia, MEDIA_KINDS, saveMedia, uploadMedia } from './media-library.service'

const access = staffOnly(CONTENT_EDITORS, '仅管理员、编辑和发布员可以管理媒体库')
// Editors upload but never delete: a file in use by a draft or a page could vanish from it.
const deleteAccess = staffOnly(DELETERS, '仅管理员和发布员可以删除媒体文件')

export const mediaLibraryActions = [
  defineAction({
    group: 'Admin',
    name: 'mediaList',
    summary: '媒体库（站点用到的全部图片、文档、视频；按文件名或替代文字搜索，按类型和文件夹筛选；每个文件附使用位置）',
    input: mediaListSchema,
    access,
    handler: (input) => listMedia(input),
    example: { page: 1, limit: 20, kind: 'image' },
  }),
  defineAction({
    group: 'Admin',
    name: 'mediaGet',
    summary: '一个文件及其使用位置',
    input: idSchema,
    access,
    handler: (input) => getMedia(input.id),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'mediaUpload',
    summary: '上传到媒体库（multipart 字段 file，可选 kind、folder）：立即公开；库中已有相同内容的文件时答复该文件',
    input: mediaUploadFieldsSchema,
    access,
    upload: acceptUploads(MEDIA_KINDS),
    handler: (input, ctx) => uploadMedia(ctx.file, input, actorOf(ctx, 'mediaUpload')),
    example: { kind: 'image' },
  }),
  defineAction({
    group: 'Admin',
    name: 'mediaUploadComplete',
    summary: '完成断点续传的视频上传（tus，用途 media）并放入媒体库，可选 folder；答复与 mediaUpload 相同，重复调用返回同一文件',
    input: mediaResumableCompleteSchema,
    access,
    handler: ({ key, folder }, ctx) =>
      completeResumable(ctx.member, key, {
        purpose: 'media',
        store: (file) => uploadMedia(file, { kind: 'video', folder }, actorOf(ctx, 'mediaUpload')),
        answerFor: async (uploadId) => ({ ...(await getMedia(uploadId)), isExisting: true }),
      }),
    example: { key: 'q3Vh0pZ5mS2xYt8LrKe1Aw', folder: '讲座' },
  }),
  defineAction({
    group: 'Admin',
    name: 'mediaSave',
    summary: '编辑文件的替代文字（公开页面图片的 alt）和文件夹',
    input: mediaSaveSchema,
    access,
    handler: (input, ctx) => saveMedia(input, actorOf(ctx, 'mediaSave')),
    example: { id: 1, alt: '张老师在讲台上授课', folder: '名师' },
  }),
  defineAction({
    group: 'Admin',
    name: 'mediaDelete',
    summary: '删除未被使用的文件（仍被使用时拒绝并列出位置）',
    input: idSchema,
    access: deleteAccess,
    handler: (input, ctx) => deleteMedia(input.id, actorOf(ctx, 'mediaDelete')),
    example: { id: 1 },
  }),
]
