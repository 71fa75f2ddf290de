// The console's content actions, generated from the declarations in content-entities.ts: every
// entity gets `<word>List`, `<word>Get` and `<word>Save`, plus `<word>Delete` (all but the fixed
// sets), `<word>Sort` (where public lists follow `sort`) and `<word>Publish` (where rows can be
// hidden). Site configuration, export and import complete the group.
import type { z } from 'zod'
import { defineAction, type Action, type MemberContext } from '../../lib/action'
import { emptySchema } from '../../lib/schemas'
import { acceptUploads } from '../upload/upload.service'
import { configSaveSchema, getConfig, saveConfig } from './config.service'
import { contentEntities, type ContentEntity, type Row } from './content-entities'
import { deleteSchema, getSchemaFor, listSchemaFor, publishSchema, saveSchemaFor, sortSchema } from './content.schemas'
import {
  deleteContent,
  getContent,
  listContent,
  publishContent,
  saveContent,
  sortContent,
  type Actor,
  type ListInput,
} from './content.service'
import { exportContent } from './export.service'
import { ADMINS, CONTENT_EDITORS, DELETERS, PUBLISHERS } from '../../../common/staff-roles'
import { importContent } from './import.service'

const CONTENT_ACCESS = { staff: CONTENT_EDITORS, refusal: '仅管理员、编辑和发布员可以管理内容' } as const
const PUBLISH_ACCESS = { staff: PUBLISHERS, refusal: '仅管理员和发布员可以发布或下架内容' } as const
const DELETE_ACCESS = { staff: DELETERS, refusal: '仅管理员和发布员可以删除内容' } as const
const SETTINGS_ACCESS = { staff: ADMINS, refusal: '仅管理员可以修改网站设置' } as const
const EXPORT_IMPORT_ACCESS = { staff: ADMINS, refusal: '仅管理员可以导出或导入全部内容' } as const

const actorOf = ({ member, ip }: MemberContext): Actor => ({ staffId: member.id, ip })

function actionsFor(entity: ContentEntity): Action[] {
  const { word, label } = entity
  // Settings-like entities (栏目 SEO) stay with admins for every step.
  const access = entity.access === 'admin' ? SETTINGS_ACCESS : CONTENT_ACCESS
  const deleteAccess = entity.access === 'admin' ? SETTINGS_ACCESS : DELETE_ACCESS
  const publishAccess = entity.access === 'admin' ? SETTINGS_ACCESS : PUBLISH_ACCESS
  const getExample: Row = entity.fixedKeys ? { [entity.key]: entity.fixedKeys[0] } : { id: 1 }
  const actions = [
    defineAction({
      group: 'Admin',
      name: `${word}List`,
      summary: `${label}列表（关键词、筛选、分页）`,
      input: listSchemaFor(entity),
      access,
      handler: (input) => listContent(entity, input as ListInput),
      example: { page: 1, limit: 20 },
    }),
    defineAction({
      group: 'Admin',
      name: `${word}Get`,
      summary: `${label}详情（种子格式）`,
      input: getSchemaFor(entity) as z.ZodType<Row>,
      access,
      handler: (input) => getContent(entity, (input as Row)[entity.fixedKeys ? entity.key : 'id'] as number | string),
      example: getExample,
    }),
    defineAction({
      group: 'Admin',
      name: `${word}Save`,
      summary: entity.fixedKeys ? `保存${label}` : `新建（无 id）或修改（有 id）${label}`,
      input: saveSchemaFor(entity),
      access,
      handler: (input, ctx) => saveContent(entity, input, actorOf(ctx)),
      example: entity.example,
    }),
  ]
  if (!entity.fixedKeys) {
    actions.push(
      defineAction({
        group: 'Admin',
        name: `${word}Delete`,
        summary: `删除${label}（仍被引用时拒绝并说明）`,
        input: deleteSchema,
        access: deleteAccess,
        handler: (input, ctx) => deleteContent(entity, input.id, actorOf(ctx)),
        example: { id: 1 },
      }),
    )
  }
  if (entity.hasSort) {
    actions.push(
      defineAction({
        group: 'Admin',
        name: `${word}Sort`,
        summary: `调整${label}顺序（按显示顺序给出 ID）`,
        input: sortSchema,
        access,
        handler: (input, ctx) => sortContent(entity, input.ids, actorOf(ctx)),
        example: { ids: [3, 2, 1] },
      }),
    )
  }
  if (entity.publish) {
    actions.push(
      defineAction({
        group: 'Admin',
        name: `${word}Publish`,
        summary: `发布或下架${label}`,
        input: publishSchema,
        access: publishAccess,
        handler: (input, ctx) => publishContent(entity, input.id, input.isPublished, actorOf(ctx)),
        example: { id: 1, isPublished: true },
      }),
    )
  }
  return actions
}

export const adminContentActions: Action[] = [
  ...contentEntities.flatMap(actionsFor),
  defineAction({
    group: 'Admin',
    name: 'configGet',
    summary: '网站配置（getConfig 与 getSiteInfo 的全部字段）',
    input: emptySchema,
    access: SETTINGS_ACCESS,
    handler: () => getConfig(),
    example: {},
  }),
  defineAction({
    group: 'Admin',
    name: 'configSave',
    summary: '修改网站配置（只改给出的字段）',
    input: configSaveSchema,
    access: SETTINGS_ACCESS,
    handler: (input, ctx) => saveConfig(input, actorOf(ctx)),
    example: { icp: '京ICP备12345678号-1', phone: '40088886666' },
  }),
  defineAction({
    group: 'Admin',
    name: 'export',
    summary: '导出全部内容为种子目录 zip（JSON 与媒体文件），答复限时下载链接',
    input: emptySchema,
    access: EXPORT_IMPORT_ACCESS,
    handler: (_input, ctx) => exportContent(actorOf(ctx)),
    example: {},
  }),
  defineAction({
    group: 'Admin',
    name: 'import',
    summary: '导入导出的 zip（multipart 字段 file）：先全部校验，再一次性写入，出错则不改动任何内容',
    input: emptySchema,
    access: EXPORT_IMPORT_ACCESS,
    upload: acceptUploads(['archive']),
    handler: (_input, ctx) => importContent(ctx.file, actorOf(ctx)),
    example: {},
  }),
]
