import { Alert, Form, Input, Modal, Select, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useEffect } from 'react'
import {
  BOOKING_LIMITS,
  BOOKING_MOVES,
  BOOKING_STATUS_HINT,
  BOOKING_STATUS_TEXT,
  CLOSED_WITH_REASON,
  type BookingStatus,
} from '../../../../common/rules/booking'
import { useAdminQuery } from '../api/admin-client'
import { StatusTag, useMoveBooking, type BookingDetail } from './booking-shared'
import { ConfirmedDaysField, fromPickerDays, toPickerDays } from './confirmed-days-field'

type MoveForm = { status?: BookingStatus; reason?: string; confirmedDays?: Dayjs[] }
export type MoveTarget = { id: number; status: BookingStatus; referenceNo: string; organization: string }

/** Whether a move to `status` needs the dialog (a reason, or the confirmed days) rather than one click. */
export const needsDialog = (status: BookingStatus) => status === 'confirmed' || CLOSED_WITH_REASON.includes(status)

/**
 * 移动状态: the states the booking may move to (BOOKING_MOVES); 已取消 and 未成交 ask why, 已确认 asks for
 * the teaching days (1 to 10), starting from the days the requester asked for.
 */
export function BookingMoveDialog({ booking, target, onClose }: { booking: MoveTarget; target?: BookingStatus; onClose: () => void }) {
  const [form] = Form.useForm<MoveForm>()
  const detail = useAdminQuery<BookingDetail>('booking', 'bookingGet', { id: booking.id })
  const move = useMoveBooking()
  const status = Form.useWatch('status', form)
  const moves = detail.data?.moves ?? BOOKING_MOVES[booking.status]
  const requested = detail.data?.days

  useEffect(() => {
    if (requested && !form.getFieldValue('confirmedDays')) form.setFieldValue('confirmedDays', toPickerDays(requested))
  }, [requested, form])

  const submit = ({ status: next, reason, confirmedDays }: MoveForm) => {
    if (!next) return
    move.mutate(
      {
        id: booking.id,
        status: next,
        ...(reason?.trim() ? { reason: reason.trim() } : {}),
        ...(next === 'confirmed' ? { confirmedDays: fromPickerDays(confirmedDays) } : {}),
      },
      { onSuccess: onClose },
    )
  }
  const isReasonNeeded = status !== undefined && CLOSED_WITH_REASON.includes(status)

  return (
    <Modal
      open
      title={`移动状态 · ${booking.referenceNo}`}
      okText="确定移动"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={move.isPending}
      destroyOnHidden
      width={520}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {booking.organization} · 当前状态 <StatusTag status={booking.status} />
      </Typography.Paragraph>
      {moves.length === 0 ? (
        <Alert type="info" showIcon title={`「${BOOKING_STATUS_TEXT[booking.status]}」是最终状态，不能再移动`} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ status: target }} onFinish={submit} requiredMark="optional">
          <Form.Item name="status" label="移动到" rules={[{ required: true, message: '请选择要移动到的状态' }]}>
            <Select
              placeholder="选择状态"
              options={moves.map((value) => ({ value, label: BOOKING_STATUS_TEXT[value] }))}
              onChange={() => form.setFields([{ name: 'reason', errors: [] }])}
            />
          </Form.Item>
          {status === 'confirmed' && (
            <ConfirmedDaysField
              label="确认的授课日期"
              extra={`可选 1 至 ${BOOKING_LIMITS.confirmedDays} 天，默认为预约人期望的日期；确认后计入名师档期`}
            />
          )}
          <Form.Item
            name="reason"
            label={isReasonNeeded ? (status === 'lost' ? '未成交原因' : '取消原因') : '说明'}
            extra={status ? `预约人将看到：${BOOKING_STATUS_HINT[status]}` : undefined}
            rules={[
              { required: isReasonNeeded, whitespace: true, message: '请填写取消或未成交的原因' },
              { max: BOOKING_LIMITS.reason, message: `原因最多 ${BOOKING_LIMITS.reason} 个字` },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={BOOKING_LIMITS.reason}
              showCount
              placeholder={isReasonNeeded ? '如：预算不足、档期冲突、活动取消' : '选填，记入跟进记录，预约人可在预约进度中看到'}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
