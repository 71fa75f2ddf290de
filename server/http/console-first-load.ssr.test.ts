// The staff console's first load: at most 250 KB of gzip JavaScript until the dashboard shows, with the
// rich-text editor left to the forms that need it. Read from the client build the run already shares
// (server/test/ssr-global-setup.ts), so the check costs no build of its own.
import { inject } from 'vitest'
import { CONSOLE_FIRST_LOAD_BUDGET, consoleFirstLoad, consoleTotal, describeLoad } from '../test/console-bundle'

describe("the staff console's JavaScript", () => {
  test('loads at most 250 KB gzip before the dashboard shows', () => {
    const load = consoleFirstLoad(inject('clientDist'))

    expect(load.gzipBytes, describeLoad(load)).toBeLessThanOrEqual(CONSOLE_FIRST_LOAD_BUDGET)
  })

  test('loads the rich-text editor only with a form that has one', () => {
    const clientDist = inject('clientDist')
    const firstLoad = consoleFirstLoad(clientDist).chunks.map((chunk) => chunk.key)

    expect(firstLoad).not.toContain('src/admin/rich-text/rich-text-editor.tsx')
    expect(consoleTotal(clientDist).chunks.map((chunk) => chunk.key)).toContain('src/admin/rich-text/rich-text-editor.tsx')
  })
})
