import { replyOf } from '../../../common/api/reply'
import { defineAction } from '../../lib/action'
import { searchSchema } from './search.schemas'
import { search } from './search.service'

// Under Index: the specification has a /search page but names no action for it.
export const searchActions = [
  defineAction({
    group: 'Index',
    name: 'search',
    summary: '全站搜索（名师、专题、课程）',
    input: searchSchema,
    access: 'public',
    cache: { scope: 'shared' },
    handler: (input) => search(input),
    reply: replyOf('Index/search'),
    example: { type: 'all', keyWord: '经济', page: 1, limit: 10 },
  }),
]
