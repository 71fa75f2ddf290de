// 预约管理: the console's booking pipeline, for admins and sales (BOOKING_HANDLERS). Editors, reviewers
// and publishers are refused. Writes are audited by their services.
import { defineAction, type MemberContext } from '../../lib/action'
import { BOOKING_HANDLERS } from '../../../common/staff-roles'
import {
  bookingAssignSchema,
  bookingBoardSchema,
  bookingCalendarSchema,
  bookingFilterSchema,
  bookingFollowUpSchema,
  bookingGetSchema,
  bookingListSchema,
  bookingMoveSchema,
  bookingRescheduleSchema,
  bookingStatsSchema,
} from './booking-admin.schemas'
import {
  addFollowUp,
  assignBooking,
  bookingBoard,
  bookingCalendar,
  getBooking,
  listBookings,
  moveBooking,
  rescheduleBooking,
  type BookingActor,
} from './booking-admin.service'
import { bookingStats } from './booking-stats.service'
import { exportBookings } from './booking-export.service'

const access = { staff: BOOKING_HANDLERS, refusal: '仅管理员和商务可以处理预约' } as const
const actorOf = ({ member, ip }: MemberContext, name: string): BookingActor => ({ staffId: member.id, ip, action: `Admin/${name}` })

const FILTERS = '关键词（单位、联系人、电话、预约编号、需求）、状态、名师、合作类型、省份、期望日期起止、负责人、超时未回复'

export const bookingAdminActions = [
  defineAction({
    group: 'Admin',
    name: 'bookingList',
    summary: `名师预约列表（${FILTERS}；新的在前，分页）`,
    input: bookingListSchema,
    access,
    handler: (input) => listBookings(input),
    example: { page: 1, limit: 20, status: 'new' },
  }),
  defineAction({
    group: 'Admin',
    name: 'bookingBoard',
    summary: '名师预约看板：按状态分列（每列总数和最新 50 条），筛选同列表（不含状态）',
    input: bookingBoardSchema,
    access,
    handler: (input) => bookingBoard(input),
    example: {},
  }),
  defineAction({
    group: 'Admin',
    name: 'bookingGet',
    summary: '一条名师预约：跟进记录、确认日期、可指派的负责人、可改为的状态、同一名师的档期冲突',
    input: bookingGetSchema,
    access,
    handler: (input) => getBooking(input.id),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'bookingMove',
    summary: '修改预约状态（取消、未成交须填原因；已确认须选授课日期），记入跟进记录并通知预约人',
    input: bookingMoveSchema,
    access,
    handler: (input, ctx) => moveBooking(input, actorOf(ctx, 'bookingMove')),
    example: { id: 1, status: 'contacted', reason: '已电话联系' },
  }),
  defineAction({
    group: 'Admin',
    name: 'bookingReschedule',
    summary: '改期：修改已确认预约的授课日期（可填原因），记入跟进记录并通知预约人',
    input: bookingRescheduleSchema,
    access,
    handler: (input, ctx) => rescheduleBooking(input, actorOf(ctx, 'bookingReschedule')),
    example: { id: 1, confirmedDays: ['2027-12-10', '2027-12-11'], reason: '学校调整了开学时间' },
  }),
  defineAction({
    group: 'Admin',
    name: 'bookingAssign',
    summary: '指派预约负责人（在职的管理员或商务；null 为不指派）',
    input: bookingAssignSchema,
    access,
    handler: (input, ctx) => assignBooking(input, actorOf(ctx, 'bookingAssign')),
    example: { id: 1, assigneeId: null },
  }),
  defineAction({
    group: 'Admin',
    name: 'bookingFollowUp',
    summary: '添加跟进记录：电话沟通、报价（须填金额）、备注、回复预约人（通知预约人）',
    input: bookingFollowUpSchema,
    access,
    handler: (input, ctx) => addFollowUp(input, actorOf(ctx, 'bookingFollowUp')),
    example: { id: 1, kind: 'note', text: '对方希望安排在周末' },
  }),
  defineAction({
    group: 'Admin',
    name: 'bookingCalendar',
    summary: '名师档期日历：某月已确认的授课日期，以及期望在该月授课的未确认预约',
    input: bookingCalendarSchema,
    access,
    handler: (input) => bookingCalendar(input),
    example: { teacherId: 1, month: '2026-12' },
  }),
  defineAction({
    group: 'Admin',
    name: 'bookingStats',
    summary: '预约统计：按月的预约数与成交数（已确认 + 已完成），按名师（前 10）、合作类型、省份的转化',
    input: bookingStatsSchema,
    access,
    handler: (input) => bookingStats(input),
    example: {},
  }),
  defineAction({
    group: 'Admin',
    name: 'bookingExport',
    summary: `导出名师预约为 Excel（.xlsx，base64；筛选同列表，最多 5000 条）`,
    input: bookingFilterSchema,
    access,
    handler: (input, ctx) => exportBookings(input, actorOf(ctx, 'bookingExport')),
    example: { status: 'new' },
  }),
]
