import { defineAction } from '../../lib/action'
import { regionChildrenSchema, regionPathSchema } from './region.schemas'
import { getRegionPath, listRegionChildren } from './region.service'

// Answers come from the static table in common/regions; kept like any public read.
export const regionActions = [
  defineAction({
    group: 'Region',
    name: 'children',
    summary: '下一级地区（省、市、区县级联）',
    input: regionChildrenSchema,
    access: 'public',
    cache: { scope: 'shared' },
    handler: (input) => listRegionChildren(input),
    example: { code: '440000' },
  }),
  defineAction({
    group: 'Region',
    name: 'path',
    summary: '地区编码的省、市、区县路径',
    input: regionPathSchema,
    access: 'public',
    cache: { scope: 'shared' },
    handler: (input) => getRegionPath(input),
    example: { code: '440305' },
  }),
]
