// Where the login page may send the user afterwards: same-site paths only, so a crafted
// /login?redirect=https://evil.example link cannot turn the portal into an open redirect.
const AUTH_PAGES = ['/login', '/register', '/forget']

export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback
  let target = raw.trim()
  // A value encoded twice (e.g. copied from an address bar) still decodes to a path.
  if (/^%2f/i.test(target)) {
    try {
      target = decodeURIComponent(target)
    } catch {
      return fallback
    }
  }
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  // Control characters and backslashes let browsers reinterpret the path as another host.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(target)) return fallback
  let url: URL
  try {
    url = new URL(target, 'http://portal.invalid')
  } catch {
    return fallback
  }
  if (url.origin !== 'http://portal.invalid') return fallback
  // Returning to the login or register page after logging in would be a loop.
  if (AUTH_PAGES.includes(url.pathname.replace(/\/+$/, ''))) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/** /login?redirect=<current full path, URL-encoded> (spec §2 top bar). */
export function loginPath(currentPath?: string): string {
  const target = safeRedirect(currentPath, '')
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login'
}
