import { Outlet } from 'react-router'

// Placeholder shell; the layout engineer replaces it with the full shell (top bar, header, nav, footer, side bar).
export function RootLayout() {
  return <Outlet />
}
