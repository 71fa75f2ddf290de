// The lifecycle actions of every publishable content entity (a publish flag and ids): `<word>Schedule`,
// `<word>Revisions`, `<word>Revision`, `<word>Restore` and the next version's draft (`<word>Draft`,
// `<word>DraftSave`, `<word>DraftPublish`, `<word>DraftDiscard`), beside the console's content actions.
import { defineAction, type Action, type MemberContext } from '../../lib/action'
import { publishableEntities, type Actor, type ContentEntity } from '../admin/content.service'
import { draftIdSchema, draftSaveSchemaFor, revisionSchema, revisionsSchema, scheduleSchema } from './lifecycle.schemas'
import { discardDraft, getDraft, publishDraft, saveDraft } from './drafts.service'
import { ADMINS, CONTENT_EDITORS, PUBLISHERS } from '../../../common/staff-roles'
import { getRevision, listRevisions, restoreRevision, scheduleContent } from './lifecycle.service'

const CONTENT_ACCESS = { staff: CONTENT_EDITORS, refusal: '仅管理员、编辑和发布员可以管理内容' } as const
const SCHEDULE_ACCESS = { staff: PUBLISHERS, refusal: '仅管理员和发布员可以定时发布或下架内容' } as const
const PUBLISH_ACCESS = { staff: PUBLISHERS, refusal: '仅管理员和发布员可以发布或下架内容' } as const
const SETTINGS_ACCESS = { staff: ADMINS, refusal: '仅管理员可以修改网站设置' } as const

const actorOf = ({ member, ip }: MemberContext): Actor => ({ staffId: member.id, ip })

function actionsFor(entity: ContentEntity): Action[] {
  const { word, label } = entity
  const access = entity.access === 'admin' ? SETTINGS_ACCESS : CONTENT_ACCESS
  const scheduleAccess = entity.access === 'admin' ? SETTINGS_ACCESS : SCHEDULE_ACCESS
  return [
    defineAction({
      group: 'Admin',
      name: `${word}Schedule`,
      summary: `定时发布或下架${label}（null 取消）`,
      input: scheduleSchema,
      access: scheduleAccess,
      handler: (input, ctx) => scheduleContent(entity, input, actorOf(ctx)),
      example: { id: 1, publishAt: null, unpublishAt: '2030-12-01T09:00:00+08:00' },
    }),
    defineAction({
      group: 'Admin',
      name: `${word}Revisions`,
      summary: `${label}的历史版本（新的在前）`,
      input: revisionsSchema,
      access,
      handler: (input) => listRevisions(entity, input),
      example: { id: 1, page: 1, limit: 20 },
    }),
    defineAction({
      group: 'Admin',
      name: `${word}Revision`,
      summary: `${label}某一版本的内容与当前内容`,
      input: revisionSchema,
      access,
      handler: (input) => getRevision(entity, input.id, input.version),
      example: { id: 1, version: 1 },
    }),
    defineAction({
      group: 'Admin',
      name: `${word}Restore`,
      summary: `把${label}恢复到某一版本（另存为新版本，发布状态不变）`,
      input: revisionSchema,
      access,
      handler: (input, ctx) => restoreRevision(entity, input.id, input.version, actorOf(ctx)),
      example: { id: 1, version: 1 },
    }),
    defineAction({
      group: 'Admin',
      name: `${word}Draft`,
      summary: `已发布${label}的草稿（下一版，未上线；没有时为 null）`,
      input: draftIdSchema,
      access,
      handler: (input) => getDraft(entity, input.id),
      example: { id: 1 },
    }),
    defineAction({
      group: 'Admin',
      name: `${word}DraftSave`,
      summary: `把已发布${label}的修改存为草稿，线上内容不变（与保存相同的检查）`,
      input: draftSaveSchemaFor(entity),
      access,
      handler: (input, ctx) => saveDraft(entity, input, actorOf(ctx)),
      example: { ...(entity.example as object), id: 1 },
    }),
    defineAction({
      group: 'Admin',
      name: `${word}DraftPublish`,
      summary: `发布${label}的草稿：成为线上内容和一个新版本`,
      input: draftIdSchema,
      access: entity.access === 'admin' ? SETTINGS_ACCESS : PUBLISH_ACCESS,
      handler: (input, ctx) => publishDraft(entity, input.id, actorOf(ctx)),
      example: { id: 1 },
    }),
    defineAction({
      group: 'Admin',
      name: `${word}DraftDiscard`,
      summary: `丢弃${label}的草稿，线上内容不变`,
      input: draftIdSchema,
      access,
      handler: (input, ctx) => discardDraft(entity, input.id, actorOf(ctx)),
      example: { id: 1 },
    }),
  ]
}

export const lifecycleActions: Action[] = publishableEntities.flatMap(actionsFor)
