import type { ReactNode } from 'react'

type Props = {
  /** The field's name above its control; a field whose control carries its own text (the consent box) has none. */
  label?: string
  /** The one control the label names: the label is a <label> for it. */
  htmlFor?: string
  /** Without `htmlFor`, the label is a plain heading with this id, for a group's aria-labelledby. */
  labelId?: string
  /** Shown on the label's row, at its end: 线上授课 beside 授课地点. */
  labelAside?: ReactNode
  isRequired?: boolean
  className?: string
  /** The control and its hint. */
  children: ReactNode
  /** The field's error messages, under the control; the control points at them itself (aria-describedby). */
  error?: ReactNode
}

/** One field of the booking form: its label (starred when required), the control, and its error. */
export function BookingField({ label, htmlFor, labelId, labelAside, isRequired = false, className, children, error }: Props) {
  const heading =
    label === undefined ? null : htmlFor ? (
      <label htmlFor={htmlFor}>{label}</label>
    ) : (
      <span className="booking-field__label" id={labelId}>
        {label}
      </span>
    )
  return (
    <div className={['booking-field', className, isRequired && 'is-required'].filter(Boolean).join(' ')}>
      {labelAside ? (
        <div className="booking-field__label-row">
          {heading}
          {labelAside}
        </div>
      ) : (
        heading
      )}
      {children}
      {error}
    </div>
  )
}
