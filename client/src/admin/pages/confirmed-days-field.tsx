import { DatePicker, Form, type FormRule } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { BOOKING_LIMITS } from '../../../../common/rules/booking'

/** Days as the picker holds them. */
export const toPickerDays = (days: readonly string[]) => days.map((day) => dayjs(day))
/** The picker's days as the API takes them: YYYY-MM-DD, in order. */
export const fromPickerDays = (days: readonly Dayjs[] | undefined) => (days ?? []).map((day) => day.format('YYYY-MM-DD')).sort()

/**
 * The teaching days of a booking (1 to 10), picked in a form's `confirmedDays` field: confirming and
 * 改期 use this one field, so both ask within the same limits and in the same words.
 */
export function ConfirmedDaysField({ label, extra, rules = [] }: { label: string; extra: string; rules?: FormRule[] }) {
  return (
    <Form.Item
      name="confirmedDays"
      label={label}
      extra={extra}
      rules={[
        { required: true, type: 'array', min: 1, message: '请选择确认的授课日期' },
        { type: 'array', max: BOOKING_LIMITS.confirmedDays, message: `确认日期最多 ${BOOKING_LIMITS.confirmedDays} 天` },
        ...rules,
      ]}
    >
      <DatePicker multiple placeholder="选择日期" style={{ width: '100%' }} />
    </Form.Item>
  )
}
