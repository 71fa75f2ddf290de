// Booking a teacher, the requester's side. The form and the lookup sit in the contract's Course group
// beside the cooperation inquiry they supersede; a member's own requests (我的预约) under Member.
// Nothing here is cached: a request's state is moved by staff at any time and must show at once.
import { replyOf } from '../../../common/api/reply'
import { defineAction } from '../../lib/action'
import { emptySchema } from '../../lib/schemas'
import { addBookingSchema, bookingCancelSchema, bookingIdSchema, bookingLookupSchema, bookingPageSchema } from './booking.schemas'
import { addBooking, cancelMemberBooking, getBookingPrefill, getMemberBooking, listMemberBookings, lookupBooking } from './booking.service'

export const bookingActions = [
  defineAction({
    group: 'Course',
    name: 'addBooking',
    summary: '预约名师 / 邀请授课（未登录须图形验证码；与合作咨询共用每个地址每小时 5 次的限制）',
    input: addBookingSchema,
    access: 'viewer',
    handler: (input, { member, ip }) => addBooking(input, { memberId: member?.id ?? null, ip }),
    reply: replyOf('Course/addBooking'),
    example: {
      typeId: 1,
      teacherId: 1,
      days: ['2027-06-18'],
      isOnline: false,
      regionCode: '330106',
      audienceKind: 'cadre',
      audienceSize: 80,
      duration: 'half-day',
      requirements: '为中青年干部培训班安排一次领导力专题讲座。',
      budgetMin: 10000,
      budgetMax: 20000,
      organization: '某市委党校',
      contactName: '王老师',
      phone: '13800138000',
      consent: true,
      captchaId: '（Member/captcha 返回的 id，登录后可不填）',
      captchaCode: 'abcd',
    },
  }),
  defineAction({
    group: 'Course',
    name: 'bookingLookup',
    summary: '凭预约编号和联系电话查询预约进展（每个地址每小时最多 10 次查询不到）',
    input: bookingLookupSchema,
    access: 'public',
    handler: (input, { ip }) => lookupBooking(input, ip),
    reply: replyOf('Course/bookingLookup'),
    example: { referenceNo: 'YY-20261128-0001', phone: '13800138000' },
  }),
  defineAction({
    group: 'Member',
    name: 'bookingList',
    summary: '我的预约（分页，最新的在前）',
    input: bookingPageSchema,
    access: 'member',
    handler: (input, { member }) => listMemberBookings(member.id, input),
    reply: replyOf('Member/bookingList'),
    example: { page: 1, limit: 10 },
  }),
  defineAction({
    group: 'Member',
    name: 'bookingDetail',
    summary: '我的一条预约：进展与工作人员的回复',
    input: bookingIdSchema,
    access: 'member',
    handler: (input, { member }) => getMemberBooking(member.id, input.id),
    reply: replyOf('Member/bookingDetail'),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Member',
    name: 'bookingCancel',
    summary: '取消自己的预约（仅限尚未确认的预约）',
    input: bookingCancelSchema,
    access: 'member',
    handler: (input, { member }) => cancelMemberBooking(member.id, input),
    reply: replyOf('Member/bookingCancel'),
    example: { id: 1, reason: '活动改期' },
  }),
  defineAction({
    group: 'Member',
    name: 'bookingPrefill',
    summary: '预约表单的预填信息：上次预约的单位和联系人，否则为会员昵称和手机号',
    input: emptySchema,
    access: 'member',
    handler: (_input, { member }) => getBookingPrefill(member.id),
    reply: replyOf('Member/bookingPrefill'),
    example: {},
  }),
]
