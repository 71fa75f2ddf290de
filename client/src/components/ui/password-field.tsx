import { useState, type ComponentProps } from 'react'
import { TextField } from './text-field'

/** A password input with a show/hide switch (handy on phones, where typing is error-prone). */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'addon'>) {
  const [isVisible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="member-eye"
          aria-label={isVisible ? `隐藏${props.label}` : `显示${props.label}`}
          aria-pressed={isVisible}
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {!isVisible && <path d="M4 4l16 16" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  )
}
