import type { ReactNode } from 'react'

/** A form's submit button, disabled and showing progress while the request runs. */
export function SubmitButton({
  isPending,
  pendingText,
  className = 'btn',
  children,
}: {
  isPending: boolean
  pendingText: string
  className?: string
  children: ReactNode
}) {
  return (
    <button type="submit" className={className} disabled={isPending}>
      {isPending ? pendingText : children}
    </button>
  )
}
