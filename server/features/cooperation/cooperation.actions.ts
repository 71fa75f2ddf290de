// The contract puts business cooperation in its Course group; the actions keep those names.
import { replyOf } from '../../../common/api/reply'
import { defineAction } from '../../lib/action'
import { emptySchema, idSchema } from '../../lib/schemas'
import { countedPage } from '../../data/views'
import { cooperationListSchema, cooperationTypeSchema } from './cooperation.schemas'
import { getCooperationDetails, getCooperationType, listCooperations, listCooperationTypes } from './cooperation.service'
import { addInquirySchema } from './inquiry.schemas'
import { addInquiry } from './inquiry.service'

const shared = { scope: 'shared' } as const

export const cooperationActions = [
  defineAction({
    group: 'Course',
    name: 'cooperationType',
    summary: '商务合作类型',
    input: emptySchema,
    access: 'public',
    cache: shared,
    handler: () => listCooperationTypes(),
    reply: replyOf('Course/cooperationType'),
    example: {},
  }),
  defineAction({
    group: 'Course',
    name: 'cooperationList',
    summary: '某合作类型下的合作项目（分页）',
    input: cooperationListSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listCooperations(input),
    reply: replyOf('Course/cooperationList'),
    example: { type: 1, page: 1, limit: 10 },
  }),
  defineAction({
    group: 'Course',
    name: 'cooperationDetails',
    summary: '合作类型介绍页',
    input: cooperationTypeSchema,
    access: 'public',
    cache: shared,
    handler: (input) => getCooperationType(input.id),
    reply: replyOf('Course/cooperationDetails'),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Course',
    name: 'cooperationDetails2',
    summary: '合作项目详情',
    input: idSchema,
    access: 'public',
    cache: countedPage('Cooperation'),
    handler: (input) => getCooperationDetails(input.id),
    reply: replyOf('Course/cooperationDetails2'),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Course',
    name: 'addInquiry',
    summary: '提交合作咨询（需图形验证码；每个地址每小时限 5 次）',
    input: addInquirySchema,
    access: 'public',
    handler: (input, { ip }) => addInquiry(input, ip),
    reply: replyOf('Course/addInquiry'),
    example: {
      typeId: 1,
      organization: '某市委党校',
      contactName: '王老师',
      phone: '13800138000',
      message: '希望为中青年干部班安排一次专题培训，时间在下月中旬。',
      captchaId: '（Member/captcha 返回的 id）',
      captchaCode: 'abcd',
    },
  }),
]
