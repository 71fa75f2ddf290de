// Which addresses are the staff console's, known to the browser entry (main.tsx) before any app code
// loads, so this file imports nothing.

/** The staff console's path: its own app (antd, TipTap) outside the public shell, see admin-route.tsx. */
export const ADMIN_PATH = 'admin/*'

/**
 * Whether `pathname` opens the console (ADMIN_PATH) rather than a public page. /admin/setup is the
 * public first-admin page (router.tsx); paths match without regard to case, as the router's do.
 */
export const isConsolePath = (pathname: string) => /^\/admin(\/|$)/i.test(pathname) && !/^\/admin\/setup\/?$/i.test(pathname)
