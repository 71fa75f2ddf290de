// What the booking pages share (预约管理: the board, the table, the drawer, the calendar): the staff
// actions' answers as the contract names them, the state colours, the teacher picker and the writes.
import { WarningFilled } from '@ant-design/icons'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Select, Tag, Tooltip } from 'antd'
import { useDeferredValue, useMemo, useState } from 'react'
import type { BookingStatus, FollowUpKind, WRITABLE_FOLLOW_UP_KINDS } from '../../../../common/rules/booking'
import { BOOKING_STATUS_TEXT } from '../../../../common/rules/booking'
import { post } from '../../lib/api-client'
import { adminAction, adminKey } from '../api/admin-client'
import { useNotifyError } from '../ui/use-notify-error'

type Person = { id: number; nickname: string }

/** A row of Admin/bookingList and a card of Admin/bookingBoard. */
export type BookingRow = {
  id: number
  referenceNo: string
  status: BookingStatus
  statusText: string
  source: string
  sourceText: string
  typeId: number
  typeName: string
  teacher: { id: number; name: string } | null
  course: { id: number; title: string } | null
  organization: string
  contactName: string
  phone: string
  whenText: string
  firstDay: string | null
  placeText: string
  provinceCode: string | null
  audienceText: string
  durationText: string
  budgetText: string
  assignee: Person | null
  isOverdue: boolean
  hasOverlap: boolean
  createdAt: string
}

export type FollowUp = {
  id: number
  kind: FollowUpKind
  kindText: string
  text: string
  amount: number | null
  status: BookingStatus | null
  statusText: string | null
  staff: Person | null
  createdAt: string
}

export type Overlap = { bookingId: number; referenceNo: string; organization: string; day: string }

/** Admin/bookingGet, and the answer of every write on one booking. */
export type BookingDetail = BookingRow & {
  days: string[]
  month: string
  isOnline: boolean
  regionCode: string
  districtCode: string | null
  cityCode: string | null
  audienceKind: string
  audienceSize: number
  duration: string
  requirements: string
  budgetMin: number | null
  budgetMax: number | null
  closeReason: string | null
  memberId: number | null
  confirmedDays: string[]
  followUps: FollowUp[]
  assignees: Person[]
  moves: BookingStatus[]
  overlaps: Overlap[]
}

export type BoardColumn = { status: BookingStatus; statusText: string; total: number; items: BookingRow[] }

/** The filters the list, the board and the export share (the board ignores `status`). */
export type BookingFilters = {
  keyword?: string
  status?: BookingStatus
  teacherId?: number
  typeId?: number
  provinceCode?: string
  from?: string
  to?: string
  assigneeId?: number
  overdue?: boolean
}

/** antd tag colours of the states: open ones in the blues and orange, the ends in green, grey and red. */
export const STATUS_COLORS: Record<BookingStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  quoted: 'orange',
  confirmed: 'green',
  completed: 'purple',
  cancelled: 'default',
  lost: 'red',
}

export const FOLLOW_UP_COLORS: Record<FollowUpKind, string> = {
  call: 'blue',
  quote: 'orange',
  note: 'gray',
  reply: 'green',
  status: 'purple',
  reschedule: 'geekblue',
}

export function StatusTag({ status }: { status: BookingStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {BOOKING_STATUS_TEXT[status]}
    </Tag>
  )
}

export function OverdueTag() {
  return (
    <Tag color="error" style={{ marginInlineEnd: 0 }}>
      超 24 小时未回复
    </Tag>
  )
}

export function OverlapMark() {
  return (
    <Tooltip title="该名师在所选日期已有确认的授课">
      <WarningFilled className="bk-overlap-mark" aria-label="档期冲突" role="img" />
    </Tooltip>
  )
}

/** 12,000 元 */
export const yuan = (amount: number) => `${amount.toLocaleString('zh-CN')} 元`

/**
 * A published teacher by name, through the public reads every staff role may call (sales cannot use
 * the content lists): the first teachers while nothing is typed, the search's hits as one types.
 */
export function TeacherSelect({
  value,
  onChange,
  placeholder = '选择名师',
  style,
  id,
  knownName,
}: {
  value?: number | null
  onChange?: (value: number | undefined) => void
  placeholder?: string
  style?: React.CSSProperties
  id?: string
  /** The chosen teacher's name when the loaded options do not hold it (a link with ?teacherId=). */
  knownName?: string
}) {
  const [keyword, setKeyword] = useState('')
  const deferred = useDeferredValue(keyword.trim())
  const teachers = useQuery({
    queryKey: ['admin', 'booking', 'teachers', deferred],
    queryFn: async () =>
      deferred
        ? (await post('/api/Index/search', { type: 'teacher', keyWord: deferred, page: 1, limit: 20 }, { silent: true })).list.flatMap(
            (hit) => (hit.type === 'teacher' ? [{ id: hit.id, name: hit.name }] : []),
          )
        : (await post('/api/Teacher/teacherList', { page: 1, limit: 50 }, { silent: true })).list.map((teacher) => ({
            id: teacher.id,
            name: teacher.name,
          })),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })
  const options = useMemo(() => {
    const loaded = (teachers.data ?? []).map((teacher) => ({ value: teacher.id, label: teacher.name }))
    if (value && !loaded.some((option) => option.value === value)) loaded.unshift({ value, label: knownName ?? `名师 #${value}` })
    return loaded
  }, [teachers.data, value, knownName])
  return (
    <Select
      id={id}
      aria-label={placeholder}
      style={style}
      allowClear
      placeholder={placeholder}
      value={value ?? undefined}
      onChange={(next: number | undefined) => onChange?.(next)}
      options={options}
      loading={teachers.isFetching}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onOpenChange={(open) => {
        if (!open) setKeyword('')
      }}
      notFoundContent={teachers.isFetching ? '加载中…' : '没有匹配的名师'}
    />
  )
}

/** Cooperation types (公开的合作类型): few, fixed, read once. */
export function useCooperationTypes() {
  return useQuery({
    queryKey: ['admin', 'booking', 'types'],
    queryFn: () => post('/api/Course/cooperationType', {}, { silent: true }),
    staleTime: 5 * 60_000,
  })
}

export type MoveInput = { status: BookingStatus; reason?: string; confirmedDays?: string[] }
export type FollowUpInput = { kind: (typeof WRITABLE_FOLLOW_UP_KINDS)[number]; text: string; amount?: number }
export type RescheduleInput = { confirmedDays: string[]; reason?: string }

/** How a write's answer (bookingGet's shape) reaches the screen: the drawer at once, every other view asked again. */
function useSettle() {
  const queryClient = useQueryClient()
  return (answer: BookingDetail) => {
    queryClient.setQueryData(bookingDetailKey(answer.id), answer)
    void queryClient.invalidateQueries({
      predicate: (query) => {
        const [root, area, action] = query.queryKey
        return root === 'admin' && (area === 'pending' || area === 'dashboard' || (area === 'booking' && action !== 'bookingGet'))
      },
    })
  }
}

/** 移动状态 of any booking (the board's drag and menus, the dialog); the server's refusal is shown as a message. */
export function useMoveBooking() {
  const settle = useSettle()
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  return useMutation({
    mutationFn: ({ id, ...input }: MoveInput & { id: number }) => adminAction<BookingDetail>('bookingMove', { id, ...input }),
    onSuccess: (answer, input) => {
      settle(answer)
      void message.success(`已移至「${BOOKING_STATUS_TEXT[input.status]}」`)
    },
    onError: (error) => notifyError(error, '无法移动'),
  })
}

/** 改期 of a confirmed booking; the server's refusal is shown as a message and the dialog stays open. */
export function useRescheduleBooking(id: number) {
  const settle = useSettle()
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  return useMutation({
    mutationFn: (input: RescheduleInput) => adminAction<BookingDetail>('bookingReschedule', { id, ...input }),
    onSuccess: (answer) => {
      settle(answer)
      void message.success('已改期')
    },
    onError: (error) => notifyError(error, '无法改期'),
  })
}

/** The writes in one booking's drawer: the assignee and the follow-up log. */
export function useBookingWrites(id: number) {
  const settle = useSettle()
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  const assign = useMutation({
    mutationFn: (assigneeId: number | null) => adminAction<BookingDetail>('bookingAssign', { id, assigneeId }),
    onSuccess: (answer) => {
      settle(answer)
      void message.success(answer.assignee ? `已指派给 ${answer.assignee.nickname}` : '已取消指派')
    },
    onError: (error) => notifyError(error),
  })
  const followUp = useMutation({
    mutationFn: (input: FollowUpInput) => adminAction<BookingDetail>('bookingFollowUp', { id, ...input }),
    onSuccess: (answer, input) => {
      settle(answer)
      void message.success(input.kind === 'reply' ? '已回复预约人' : '已记录跟进')
    },
    onError: (error) => notifyError(error),
  })
  return { assign, followUp }
}

export const bookingDetailKey = (id: number) => adminKey('booking', 'bookingGet', { id })
