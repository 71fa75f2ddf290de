import { useId, useState, type FormEvent } from 'react'
import { BOOKING_REFERENCE_PATTERN, bookingProblem } from '../../../../../common/rules'
import { FieldError } from '../../../components/ui/field-error'
import { useThrottledAction } from '../../../lib/use-throttled-action'
import { useBookingLookup } from '../api/lookup-booking'
import { BookingDetails } from './booking-details'
import './booking.css'

type Values = { referenceNo: string; phone: string }
type Problems = Partial<Record<keyof Values, string>>

function problemsOf(values: Values): Problems {
  const problems: Problems = {}
  const reference = values.referenceNo.trim().toUpperCase()
  if (!reference) problems.referenceNo = '请输入预约编号'
  else if (!BOOKING_REFERENCE_PATTERN.test(reference)) problems.referenceNo = '预约编号格式应为 YY-20261128-0001'
  const phone = bookingProblem('phone', values.phone)
  if (phone) problems.phone = phone
  return problems
}

/** 查询预约进度: a visitor's request found by its reference number and the phone it was sent with. */
export function BookingLookup({ initialReference = '' }: { initialReference?: string }) {
  const id = useId()
  const [values, setValues] = useState<Values>({ referenceNo: initialReference, phone: '' })
  const [problems, setProblems] = useState<Problems>({})
  const lookup = useBookingLookup()
  const throttle = useThrottledAction()

  const change = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setProblems((current) => ({ ...current, [field]: undefined }))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = problemsOf(values)
    setProblems(found)
    const first = (['referenceNo', 'phone'] as const).find((field) => found[field])
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    const payload = { referenceNo: values.referenceNo.trim().toUpperCase(), phone: values.phone.trim() }
    throttle(JSON.stringify(payload), () => lookup.mutate(payload))
  }
  const described = (field: keyof Values) =>
    problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {}

  return (
    <div className="booking-lookup">
      <form className="booking-lookup__form card" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>查询预约进度</h2>
        <p className="booking-field__hint">输入提交预约后获得的预约编号和预约时填写的联系电话</p>
        <div className="booking-lookup__fields">
          <div className="booking-field">
            <label htmlFor={`${id}-referenceNo`}>预约编号</label>
            <input
              id={`${id}-referenceNo`}
              className="input"
              autoComplete="off"
              maxLength={20}
              placeholder="如：YY-20261128-0001"
              value={values.referenceNo}
              onChange={(event) => change('referenceNo', event.target.value)}
              {...described('referenceNo')}
            />
            <FieldError id={`${id}-referenceNo-error`} message={problems.referenceNo} />
          </div>
          <div className="booking-field">
            <label htmlFor={`${id}-phone`}>联系电话</label>
            <input
              id={`${id}-phone`}
              className="input"
              type="tel"
              autoComplete="tel"
              maxLength={20}
              placeholder="预约时填写的电话"
              value={values.phone}
              onChange={(event) => change('phone', event.target.value)}
              {...described('phone')}
            />
            <FieldError id={`${id}-phone-error`} message={problems.phone} />
          </div>
          <button type="submit" className="btn booking-lookup__submit" disabled={lookup.isPending}>
            {lookup.isPending ? '查询中…' : '查 询'}
          </button>
        </div>
        {lookup.isError && (
          <p className="booking-form__failure" role="alert">
            {lookup.error.message}
          </p>
        )}
      </form>
      {lookup.data && !lookup.isPending && (
        <div className="booking-lookup__result card" aria-live="polite">
          <BookingDetails view={lookup.data} />
        </div>
      )}
    </div>
  )
}
