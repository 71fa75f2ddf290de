import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '../../config/paths'
import './booking-link.css'

/** 预约名师 / 邀请授课 on a detail page's head: the booking form with the teacher or course chosen. */
export function BookingLink({ preset, children }: { preset: Parameters<typeof paths.booking>[0]; children: ReactNode }) {
  return (
    <Link className="booking-link" to={paths.booking(preset)}>
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M4.5 6.5h15v13h-15zM4.5 10.5h15M8.5 4v4M15.5 4v4M9 14.5l2 2 4-4" />
      </svg>
      {children}
    </Link>
  )
}
