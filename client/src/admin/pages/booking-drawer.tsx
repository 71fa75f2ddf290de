import { CalendarOutlined, SwapOutlined } from '@ant-design/icons'
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Skeleton,
  Tag,
  Timeline,
  Typography,
} from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { BOOKING_LIMITS, FOLLOW_UP_KINDS, WRITABLE_FOLLOW_UP_KINDS } from '../../../../common/rules/booking'
import { BOOKING_HANDLERS } from '../../../../common/staff-roles'
import { formatDateTime } from '../../lib/date'
import { mayOpen, useStaff } from '../access/staff'
import { useAdminQuery } from '../api/admin-client'
import { useIsPhone } from '../ui/use-is-phone'
import { BookingMoveDialog } from './booking-move-dialog'
import { BookingRescheduleDialog } from './booking-reschedule-dialog'
import {
  FOLLOW_UP_COLORS,
  OverdueTag,
  StatusTag,
  useBookingWrites,
  yuan,
  type BookingDetail,
  type FollowUp,
  type FollowUpInput,
} from './booking-shared'

type WritableKind = FollowUpInput['kind']
type FollowUpForm = { kind: WritableKind; text: string; amount?: number | null }

const TEXT_LABELS: Record<WritableKind, string> = { call: '沟通情况', quote: '报价说明', note: '备注', reply: '回复内容' }
const PLACEHOLDERS: Record<WritableKind, string> = {
  call: '如：已电话联系王老师，对方希望 12 月中旬授课',
  quote: '如：含讲课费及差旅，不含场地',
  note: '仅工作人员可见',
  reply: '如：您好，名师档期已初步确认，稍后发送正式报价',
}

const calendarPath = (teacherId: number, month: string) => `/admin/booking/calendar?teacherId=${teacherId}${month ? `&month=${month}` : ''}`

/** 添加跟进: a call, a quote (with its amount), a note, or a reply the requester reads. */
export function FollowUpForm({ onSubmit, isPending }: { onSubmit: (input: FollowUpInput) => Promise<unknown>; isPending: boolean }) {
  const [form] = Form.useForm<FollowUpForm>()
  const kind = Form.useWatch('kind', form) ?? 'call'
  const submit = async ({ kind: chosen, text, amount }: FollowUpForm) => {
    await onSubmit({ kind: chosen, text: text.trim(), ...(chosen === 'quote' && typeof amount === 'number' ? { amount } : {}) })
    form.resetFields(['text', 'amount'])
  }
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ kind: 'call' }}
      onFinish={(values) => submit(values).catch(() => undefined)}
      className="bk-follow-form"
      aria-label="添加跟进"
    >
      <Form.Item name="kind" label="跟进方式">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={WRITABLE_FOLLOW_UP_KINDS.map((value) => ({ value, label: FOLLOW_UP_KINDS[value] }))}
          onChange={() => form.setFields([{ name: 'text', errors: [] }])}
        />
      </Form.Item>
      {kind === 'quote' && (
        <Form.Item
          name="amount"
          label="报价金额（元）"
          rules={[{ required: true, type: 'number', message: '请填写报价金额' }]}
          style={{ maxWidth: 280 }}
        >
          <InputNumber<number>
            min={0}
            max={BOOKING_LIMITS.budget}
            precision={0}
            style={{ width: '100%' }}
            placeholder="如 12000"
            formatter={(value) => `${value ?? ''}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}
            parser={(value) => Number((value ?? '').replace(/,/g, ''))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="text"
        label={TEXT_LABELS[kind]}
        extra={
          kind === 'reply' ? (
            <span className="bk-reply-hint">回复将发送给预约人：对方可在「我的预约」和站内消息中看到，请注意措辞。</span>
          ) : kind === 'note' ? (
            '备注仅工作人员可见'
          ) : undefined
        }
        rules={[
          { required: true, whitespace: true, message: kind === 'reply' ? '请填写回复内容' : '请填写跟进内容' },
          { max: BOOKING_LIMITS.followUp, message: `最多 ${BOOKING_LIMITS.followUp} 个字` },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          showCount
          maxLength={BOOKING_LIMITS.followUp}
          placeholder={PLACEHOLDERS[kind]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isPending}>
        {kind === 'reply' ? '发送回复' : '添加记录'}
      </Button>
    </Form>
  )
}

function FollowUpTimeline({ items }: { items: FollowUp[] }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有跟进记录" />
  return (
    <Timeline
      className="bk-timeline"
      items={items.map((item) => ({
        key: item.id,
        color: FOLLOW_UP_COLORS[item.kind],
        content: (
          <div className="bk-log">
            <div className="bk-log__head">
              <Tag color={FOLLOW_UP_COLORS[item.kind] === 'gray' ? 'default' : FOLLOW_UP_COLORS[item.kind]}>{item.kindText}</Tag>
              {item.kind === 'status' && item.statusText && <span className="bk-log__status">移至「{item.statusText}」</span>}
              {item.kind === 'quote' && item.amount !== null && <span className="bk-log__amount">{yuan(item.amount)}</span>}
              <span className="bk-log__meta">
                {item.staff?.nickname ?? '预约人'} · {formatDateTime(item.createdAt)}
              </span>
            </div>
            {item.text && <div className="bk-log__text">{item.text}</div>}
          </div>
        ),
      }))}
    />
  )
}

/** 预约详情: everything the requester sent, the state and its moves, the assignee, and the follow-up log. */
export function BookingDrawer({ id, onClose, onOpen }: { id: number; onClose: () => void; onOpen: (id: number) => void }) {
  const detail = useAdminQuery<BookingDetail>('booking', 'bookingGet', { id })
  const isPhone = useIsPhone()
  const navigate = useNavigate()
  const [isMoving, setMoving] = useState(false)
  const [isRescheduling, setRescheduling] = useState(false)
  const { assign, followUp } = useBookingWrites(id)
  const booking = detail.data?.id === id ? detail.data : undefined
  // Only booking handlers open this page today; the check keeps 改期 in step with its action's access.
  const mayReschedule = mayOpen(useStaff(), BOOKING_HANDLERS) && booking?.status === 'confirmed'

  return (
    <Drawer
      open
      onClose={onClose}
      size={isPhone ? 360 : 760}
      title={
        booking ? (
          <Flex align="center" gap={8} wrap>
            <span>预约详情</span>
            <Typography.Text type="secondary" copyable={{ text: booking.referenceNo }} className="bk-ref">
              {booking.referenceNo}
            </Typography.Text>
            <StatusTag status={booking.status} />
            {booking.isOverdue && <OverdueTag />}
          </Flex>
        ) : (
          '预约详情'
        )
      }
      extra={
        booking && (
          <Flex gap={8}>
            {mayReschedule && (
              <Button icon={<CalendarOutlined />} onClick={() => setRescheduling(true)}>
                改期
              </Button>
            )}
            <Button type="primary" icon={<SwapOutlined />} disabled={booking.moves.length === 0} onClick={() => setMoving(true)}>
              移动状态
            </Button>
          </Flex>
        )
      }
    >
      {detail.isError ? (
        <Empty description={detail.error.message} />
      ) : !booking ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <div className="bk-detail">
          {booking.overlaps.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="bk-detail__alert"
              title="档期冲突"
              description={
                <ul className="bk-overlaps">
                  {booking.overlaps.map((overlap) => (
                    <li key={`${overlap.bookingId}-${overlap.day}`}>
                      该名师在 {overlap.day} 已有确认的授课（
                      <Typography.Link onClick={() => onOpen(overlap.bookingId)}>{overlap.referenceNo}</Typography.Link>，
                      {overlap.organization}）
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          {booking.closeReason && (booking.status === 'cancelled' || booking.status === 'lost') && (
            <Alert
              type="info"
              showIcon
              className="bk-detail__alert"
              title={`${booking.status === 'lost' ? '未成交' : '取消'}原因：${booking.closeReason}`}
            />
          )}
          <Descriptions
            bordered
            size="small"
            column={isPhone ? 1 : 2}
            styles={{ label: { width: 104, whiteSpace: 'nowrap' } }}
            items={[
              { key: 'organization', label: '单位', children: booking.organization, span: isPhone ? 1 : 2 },
              { key: 'contact', label: '联系人', children: booking.contactName },
              { key: 'phone', label: '电话', children: <Typography.Text copyable>{booking.phone}</Typography.Text> },
              { key: 'type', label: '合作类型', children: booking.typeName || `#${booking.typeId}` },
              { key: 'source', label: '来源', children: booking.sourceText },
              {
                key: 'teacher',
                label: '名师',
                children: booking.teacher ? (
                  <Flex gap={8} wrap>
                    {booking.teacher.name}
                    <Typography.Link
                      onClick={() => navigate(calendarPath(booking.teacher!.id, booking.firstDay?.slice(0, 7) || booking.month))}
                    >
                      查看档期
                    </Typography.Link>
                  </Flex>
                ) : (
                  <span className="adm-muted">未指定</span>
                ),
              },
              { key: 'course', label: '课程', children: booking.course?.title ?? <span className="adm-muted">未指定</span> },
              { key: 'when', label: '期望时间', children: booking.whenText || '—' },
              {
                key: 'confirmed',
                label: '确认日期',
                children: booking.confirmedDays.length ? (
                  booking.confirmedDays.map((day) => (
                    <Tag key={day} color="green">
                      {day}
                    </Tag>
                  ))
                ) : (
                  <span className="adm-muted">未确认</span>
                ),
              },
              { key: 'place', label: '授课地点', children: booking.placeText || '—' },
              { key: 'audience', label: '听众', children: booking.audienceText || '—' },
              { key: 'duration', label: '时长', children: booking.durationText || '—' },
              { key: 'budget', label: '预算', children: booking.budgetText },
              {
                key: 'requirements',
                label: '授课需求',
                span: isPhone ? 1 : 2,
                children: <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{booking.requirements}</Typography.Paragraph>,
              },
              { key: 'member', label: '提交人', children: booking.memberId ? `会员 #${booking.memberId}` : '访客' },
              { key: 'createdAt', label: '提交时间', children: formatDateTime(booking.createdAt) },
            ]}
          />
          <section className="bk-detail__section">
            <h3 className="bk-detail__title">负责人</h3>
            <Select
              aria-label="指派负责人"
              style={{ width: 240 }}
              allowClear
              placeholder="未分配，选择负责人"
              value={booking.assignee?.id}
              loading={assign.isPending}
              onChange={(value: number | undefined) => assign.mutate(value ?? null)}
              options={booking.assignees.map((person) => ({ value: person.id, label: person.nickname }))}
            />
          </section>
          <section className="bk-detail__section">
            <h3 className="bk-detail__title">添加跟进</h3>
            <FollowUpForm onSubmit={(input) => followUp.mutateAsync(input)} isPending={followUp.isPending} />
          </section>
          <section className="bk-detail__section">
            <h3 className="bk-detail__title">跟进记录</h3>
            <FollowUpTimeline items={booking.followUps} />
          </section>
        </div>
      )}
      {isMoving && booking && <BookingMoveDialog booking={booking} onClose={() => setMoving(false)} />}
      {isRescheduling && booking && <BookingRescheduleDialog booking={booking} onClose={() => setRescheduling(false)} />}
    </Drawer>
  )
}
