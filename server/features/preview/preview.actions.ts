import { defineAction } from '../../lib/action'
import { CONTENT_EDITORS } from '../../../common/staff-roles'
import { previewLinkSchema } from './preview.schemas'
import { createPreviewLink } from './preview.service'

// The same access as editing content (server/features/admin/content.actions.ts): whoever may edit
// an item may show it to a colleague before it is published.
const CONTENT_ACCESS = { staff: CONTENT_EDITORS, refusal: '仅管理员、编辑和发布员可以管理内容' } as const

export const previewActions = [
  defineAction({
    group: 'Admin',
    name: 'previewLink',
    summary: '生成未发布内容的预览链接（24 小时内有效）',
    input: previewLinkSchema,
    access: CONTENT_ACCESS,
    handler: (input) => createPreviewLink(input),
    example: { entity: 'course', id: 1 },
  }),
]
