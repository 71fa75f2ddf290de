// The console enters and shows times in Beijing time whatever the browser's zone, as the lists
// (lib/date.ts) and the public pages do. antd's pickers work on the browser's clock, so a picker is
// handed a local dayjs with Beijing's wall clock, and its answer's wall clock is read back as Beijing's.
import { DatePicker, type DatePickerProps } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

export const BEIJING = 'Asia/Shanghai'
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss'

/** An ISO time as a picker value showing Beijing's clock; null for none or unparsable. */
export function toPickerValue(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || !value) return null
  const time = dayjs(value)
  return time.isValid() ? dayjs(time.tz(BEIJING).format(WALL_CLOCK)) : null
}

/** A picker's value (Beijing's clock) as an ISO time with the +08:00 offset, the seed format's. */
export function fromPickerValue(value: Dayjs | null | undefined): string | null {
  if (!value || !value.isValid()) return null
  return dayjs.tz(value.format(WALL_CLOCK), BEIJING).format('YYYY-MM-DDTHH:mm:ssZ')
}

/** Now, as a picker value on Beijing's clock (for disabling past dates). */
export const beijingNow = () => dayjs(dayjs().tz(BEIJING).format(WALL_CLOCK))

/** YYYY-MM-DD HH:mm in Beijing time; empty for none. */
export function formatBeijing(value: unknown): string {
  const picked = toPickerValue(value)
  return picked ? picked.format('YYYY-MM-DD HH:mm') : ''
}

type Props = Omit<DatePickerProps, 'value' | 'onChange'> & { value?: unknown; onChange?: (value: string | null) => void }

/** A date-time picker whose value is an ISO string, shown and entered in Beijing time, marked so. */
export function BeijingDateTimePicker({ value, onChange, ...rest }: Props) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      suffixIcon={<span className="adm-tz-suffix">北京时间</span>}
      {...rest}
      value={toPickerValue(value)}
      onChange={(picked: unknown) => onChange?.(fromPickerValue(picked as Dayjs | null))}
    />
  )
}
