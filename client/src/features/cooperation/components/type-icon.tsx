// One line icon per fixed cooperation type (ids 1-5); decorative, so hidden from assistive tech.
const ICONS: Record<number, React.ReactNode> = {
  1: <path d="M6 8h13a5 5 0 0 1 5 5v19a4 4 0 0 0-4-4H6zM42 8H29a5 5 0 0 0-5 5v19a4 4 0 0 1 4-4h14z" />,
  2: (
    <>
      <rect x="19" y="5" width="10" height="18" rx="5" />
      <path d="M13 20a11 11 0 0 0 22 0M24 31v6M15 41h18M10 41h28" />
    </>
  ),
  3: (
    <>
      <path d="M12 5h17l9 9v29H12z" />
      <path d="M29 5v9h9M18 22h14M18 29h14M18 36h9" />
    </>
  ),
  4: (
    <>
      <circle cx="24" cy="24" r="18" />
      <path d="M31 17l-4 10-10 4 4-10z" />
    </>
  ),
  5: (
    <>
      <circle cx="24" cy="14" r="5" />
      <circle cx="11" cy="19" r="4" />
      <circle cx="37" cy="19" r="4" />
      <path d="M15 38a9 9 0 0 1 18 0M4 36a7 7 0 0 1 11-5M44 36a7 7 0 0 0-11-5M8 42h32" />
    </>
  ),
}

export function TypeIcon({ typeId, className }: { typeId: number; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {ICONS[typeId] ?? ICONS[1]}
    </svg>
  )
}
