// The contract puts the about section and the partners in its Course group; the actions keep those names.
import type { AboutKey } from '../../../common/api/about'
import { replyOf } from '../../../common/api/reply'
import { defineAction } from '../../lib/action'
import { emptySchema } from '../../lib/schemas'
import { getAboutPage, listPartners } from './about.service'

const shared = { scope: 'shared' } as const

// About-section texts, one action each.
type AboutAction = 'getIntro' | 'getService' | 'getLianxi' | 'getStatement' | 'getClause' | 'getPrivacy'
const aboutPages: [name: AboutAction, key: AboutKey, summary: string][] = [
  ['getIntro', 'intro', '关于我们：平台简介'],
  ['getService', 'service', '关于我们：服务介绍'],
  ['getLianxi', 'contact', '关于我们：联系我们'],
  ['getStatement', 'statement', '关于我们：免责声明'],
  ['getClause', 'terms', '服务条款'],
  ['getPrivacy', 'privacy', '隐私政策'],
]

export const aboutActions = [
  defineAction({
    group: 'Course',
    name: 'cooperative',
    summary: '合作伙伴',
    input: emptySchema,
    access: 'public',
    cache: shared,
    handler: () => listPartners(),
    reply: replyOf('Course/cooperative'),
    example: {},
  }),
  ...aboutPages.map(([name, key, summary]) =>
    defineAction({
      group: 'Course',
      name,
      summary,
      input: emptySchema,
      access: 'public',
      cache: shared,
      handler: () => getAboutPage(key),
      reply: replyOf(`Course/${name}`),
      example: {},
    }),
  ),
]
