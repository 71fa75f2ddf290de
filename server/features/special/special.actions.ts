import { replyOf } from '../../../common/api/reply'
import { defineAction } from '../../lib/action'
import { detailOptions } from '../../lib/preview-grant'
import { idSchema } from '../../lib/schemas'
import { markedPage } from '../collect/collect.service'
import { bannerSchema, hotLabelSchema, hotSpecialSchema, specialListSchema, tagCloudSchema } from './special.schemas'
import { getSpecialDetails, listBanners, listHotSpecials, listSpecialTags, listSpecials, listTagCloud } from './special.service'

const shared = { scope: 'shared' } as const

export const specialActions = [
  defineAction({
    group: 'Special',
    name: 'specialList',
    summary: '专题列表（可按分类，分页）',
    input: specialListSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listSpecials(input),
    reply: replyOf('Special/specialList'),
    example: { page: 1, limit: 12 },
  }),
  defineAction({
    group: 'Special',
    name: 'specialDetails',
    summary: '专题详情（登录时含是否已收藏）',
    input: idSchema,
    access: 'viewer',
    cache: markedPage('Special', 'isCollected', 'specials'),
    handler: (input, ctx) => getSpecialDetails(input.id, detailOptions(ctx, 'special', input.id)),
    reply: replyOf('Special/specialDetails'),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Special',
    name: 'hotSpecial',
    summary: '热门专题',
    input: hotSpecialSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listHotSpecials(input),
    reply: replyOf('Special/hotSpecial'),
    example: { limit: 12 },
  }),
  defineAction({
    group: 'Special',
    name: 'hotLabel',
    summary: '专题热门标签',
    input: hotLabelSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listSpecialTags(input),
    reply: replyOf('Special/hotLabel'),
    example: { limit: 10 },
  }),
  defineAction({
    group: 'Special',
    name: 'hotLabel2',
    summary: '首页标签云',
    input: tagCloudSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listTagCloud(input),
    reply: replyOf('Special/hotLabel2'),
    example: { limit: 30 },
  }),
  defineAction({
    group: 'Special',
    name: 'getBanner',
    summary: '轮播图（按位置）',
    input: bannerSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listBanners(input),
    reply: replyOf('Special/getBanner'),
    example: { position: 'home' },
  }),
]
