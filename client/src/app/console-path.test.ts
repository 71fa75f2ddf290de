import { isConsolePath } from './console-path'

describe('isConsolePath', () => {
  test.each(['/admin', '/admin/', '/admin/teacher', '/admin/system/audit', '/Admin/member', '/admin/setup/more'])(
    '%s is the console',
    (pathname) => {
      expect(isConsolePath(pathname)).toBe(true)
    },
  )

  test.each(['/', '/administrator', '/admin/setup', '/admin/setup/', '/ADMIN/SETUP', '/login'])('%s is a public page', (pathname) => {
    expect(isConsolePath(pathname)).toBe(false)
  })
})
