import { App } from 'antd'
import type { ReactNode } from 'react'

/**
 * antd's App around the console's pages, for their `App.useApp()` messages, notifications and
 * confirmations. Loaded with the first page that uses it (admin-nav.tsx), not with the console: the
 * dashboard uses none, and the holders are ~18 KB gzip of the first load. No element of its own: the
 * console's root (admin-app.tsx) carries the base text styles.
 */
export default function PageApp({ children }: { children: ReactNode }) {
  return (
    <App component={false} message={{ maxCount: 3 }}>
      {children}
    </App>
  )
}
