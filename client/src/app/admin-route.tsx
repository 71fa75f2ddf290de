import type { RouteObject } from 'react-router'
import { RouteError } from '../components/layout/route-error'
import { ADMIN_PATH } from './console-path'

/**
 * The staff console: its own chunk (antd, TipTap) outside the public shell, loaded only when /admin
 * is opened and rendered in the browser only, so only the browser's starts (app/start.tsx, reached
 * from a public page, and app/admin-start.tsx, opened at a console address) import it. /admin/setup
 * stays a public page: the more specific path wins.
 */
export const adminRoute: RouteObject = {
  id: 'admin',
  path: ADMIN_PATH,
  errorElement: <RouteError />,
  lazy: async () => ({ Component: (await import('../admin/admin-app')).default }),
}
