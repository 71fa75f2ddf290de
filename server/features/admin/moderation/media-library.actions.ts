import { defineAction } from '../../../lib/action'
import { idSchema } from '../../../lib/schemas'
import { acceptUploads } from '../../upload/upload.service'
import { actorOf, everyStaff } from '../people/staff-access'
import { mediaListSchema, mediaUploadFieldsSchema } from './media-library.schemas'
import { deleteMedia, getMedia, listMedia, MEDIA_KINDS, uploadMedia } from './media-library.service'

const access = everyStaff('仅管理员和编辑可以管理媒体库')

export const mediaLibraryActions = [
  defineAction({
    group: 'Admin',
    name: 'mediaList',
    summary: '媒体库（图片、文档、视频；按原文件名搜索；每个文件附使用位置）',
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
    summary: '上传到媒体库（multipart 字段 file，可选 kind）：立即公开，可供内容使用',
    input: mediaUploadFieldsSchema,
    access,
    upload: acceptUploads(MEDIA_KINDS),
    handler: (input, ctx) => uploadMedia(ctx.file, input.kind, actorOf(ctx, 'mediaUpload')),
    example: { kind: 'image' },
  }),
  defineAction({
    group: 'Admin',
    name: 'mediaDelete',
    summary: '删除未被使用的文件（仍被使用时拒绝并列出位置）',
    input: idSchema,
    access,
    handler: (input, ctx) => deleteMedia(input.id, actorOf(ctx, 'mediaDelete')),
    example: { id: 1 },
  }),
]
