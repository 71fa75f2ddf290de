import type { InputHTMLAttributes, ReactNode, Ref } from 'react'
import { FieldError } from './field-error'
import './member-form.css'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
  ref?: Ref<HTMLInputElement>
  id: string
  label: string
  value: string
  onValueChange: (value: string) => void
  error?: string
  hint?: ReactNode
  /** Rendered beside the input (captcha image, send-code button, show-password toggle). */
  addon?: ReactNode
}

/** Label, input, hint and the field's own error message, wired up for screen readers. */
export function TextField({ ref, id, label, value, onValueChange, error, hint, addon, className = '', ...input }: Props) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
  // The error sits in the space below the field (see member-form.css), so showing it on blur
  // never moves the submit button away from a pointer that is already pressing it.
  return (
    <div className={`form-field member-field ${className}`.trim()}>
      <label htmlFor={id}>{label}</label>
      <div className="member-field__row">
        <input
          ref={ref}
          id={id}
          className="input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {addon}
      </div>
      <FieldError id={`${id}-error`} message={error} />
      {hint && (
        <span id={`${id}-hint`} className="member-field__hint">
          {hint}
        </span>
      )}
    </div>
  )
}
