import { defineAction } from '../../../lib/action'
import { idSchema } from '../../../lib/schemas'
import { actorOf, adminsOnly } from '../people/staff-access'
import { sensitiveHitListSchema, sensitiveWordListSchema, sensitiveWordSaveSchema } from './sensitive-word.schemas'
import { deleteSensitiveWord, listSensitiveHits, listSensitiveWords, saveSensitiveWord } from './sensitive-word.service'

const access = adminsOnly('仅管理员可以管理敏感词')

export const sensitiveWordActions = [
  defineAction({
    group: 'Admin',
    name: 'sensitiveWordList',
    summary: '敏感词列表（关键词、处理方式筛选，含命中次数）',
    input: sensitiveWordListSchema,
    access,
    handler: (input) => listSensitiveWords(input),
    example: { page: 1, limit: 20 },
  }),
  defineAction({
    group: 'Admin',
    name: 'sensitiveWordSave',
    summary: '添加（无 id）或修改（有 id）敏感词：block 禁止提交，mask 替换为＊',
    input: sensitiveWordSaveSchema,
    access,
    handler: (input, ctx) => saveSensitiveWord(input, actorOf(ctx, 'sensitiveWordSave')),
    example: { word: '违禁示例词', mode: 'block' },
  }),
  defineAction({
    group: 'Admin',
    name: 'sensitiveWordDelete',
    summary: '删除敏感词（命中记录保留）',
    input: idSchema,
    access,
    handler: (input, ctx) => deleteSensitiveWord(input.id, actorOf(ctx, 'sensitiveWordDelete')),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'sensitiveHitList',
    summary: '敏感词命中记录（来源：投稿、昵称、合作咨询；新的在前）',
    input: sensitiveHitListSchema,
    access,
    handler: (input) => listSensitiveHits(input),
    example: { page: 1, limit: 20, source: 'contribution' },
  }),
]
