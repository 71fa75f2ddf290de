import { Form, Input, Modal, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { BOOKING_LIMITS } from '../../../../common/rules/booking'
import { useRescheduleBooking, type BookingDetail } from './booking-shared'
import { ConfirmedDaysField, fromPickerDays, toPickerDays } from './confirmed-days-field'

type RescheduleForm = { confirmedDays?: Dayjs[]; reason?: string }

const isSameDays = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((day, index) => day === b[index])

/**
 * 改期: a confirmed booking's days changed in place, starting from the days confirmed now. The state
 * stays 已确认; the log, the requester's notice and the teacher's calendar take the new days.
 */
export function BookingRescheduleDialog({
  booking,
  onClose,
}: {
  booking: Pick<BookingDetail, 'id' | 'referenceNo' | 'organization' | 'confirmedDays'>
  onClose: () => void
}) {
  const [form] = Form.useForm<RescheduleForm>()
  const reschedule = useRescheduleBooking(booking.id)

  const submit = ({ confirmedDays, reason }: RescheduleForm) => {
    reschedule.mutate(
      { confirmedDays: fromPickerDays(confirmedDays), ...(reason?.trim() ? { reason: reason.trim() } : {}) },
      { onSuccess: onClose },
    )
  }

  return (
    <Modal
      open
      title={`改期 · ${booking.referenceNo}`}
      okText="确定改期"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reschedule.isPending}
      destroyOnHidden
      width={520}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {booking.organization} · 当前确认日期 {booking.confirmedDays.join('、') || '无'}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ confirmedDays: toPickerDays(booking.confirmedDays) }}
        onFinish={submit}
        requiredMark="optional"
      >
        <ConfirmedDaysField
          label="新的授课日期"
          extra={`可选 1 至 ${BOOKING_LIMITS.confirmedDays} 天；保存后替换名师档期中的原日期，并通知预约人`}
          rules={[
            {
              validator: (_, value: Dayjs[] | undefined) =>
                isSameDays(fromPickerDays(value), booking.confirmedDays) ? Promise.reject(new Error('日期未变化')) : Promise.resolve(),
            },
          ]}
        />
        <Form.Item
          name="reason"
          label="改期原因"
          rules={[{ max: BOOKING_LIMITS.reason, message: `原因最多 ${BOOKING_LIMITS.reason} 个字` }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={BOOKING_LIMITS.reason}
            showCount
            placeholder="选填，如：学校调整了开学时间；记入跟进记录，预约人可在预约进度中看到"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
