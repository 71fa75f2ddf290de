// Test helpers for the console: the server at the network boundary (fetch answers envelopes per
// action, every request recorded) and a render of /admin with a signed-in member of a given role.
import { createCache, StyleProvider } from '@ant-design/cssinjs'
import { configure } from '@testing-library/react'
import { vi } from 'vitest'
import type { MemberRole } from '../../../../common/rules/roles'
import { saveSession } from '../../lib/session'
import { renderRoutes } from '../../testing/render-routes'
import AdminApp from '../admin-app'

// antd renders slowly under jsdom: a console page needs more than the default second to settle, and
// with a test file on each core the first page of a file took over 5 s (measured: 张三 missed at 5 s).
configure({ asyncUtilTimeout: 15_000 })
// The console's pages are lazy chunks (layout/admin-nav.tsx). Loaded here, with the helper, so a test's
// first page does not spend its wait transforming antd's table and form modules.
import.meta.glob(['../crud/entity-list-page.tsx', '../media/media-library-page.tsx', '../pages/*-page.tsx'], { eager: true })
export const CONSOLE_TEST_TIMEOUT = 30_000

export type Call = { action: string; body: unknown }
type Refusal = { refusal: { code: number; msg: string } }
type Answer = unknown | ((body: unknown) => unknown)

/** An answer that fails with this envelope (409 "该分类下还有…"). */
export const refuse = (code: number, msg: string): Refusal => ({ refusal: { code, msg } })
const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && 'refusal' in value

/** antd reads matchMedia and ResizeObserver, which jsdom does not have; no layout happens here anyway. */
function installBrowserGaps() {
  if (!('ResizeObserver' in window)) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
  }
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    })
  }
}

/** Answers `Group/action` calls from `answers` (fetch, and XHR for uploads with progress); an action without an answer gets data null. */
export function stubServer(answers: Record<string, Answer>) {
  installBrowserGaps()
  const calls: Call[] = []
  const answer = (url: string, payload: unknown) => {
    const action = url.replace(/^.*\/api\//, '')
    const body = typeof payload === 'string' ? (JSON.parse(payload) as unknown) : payload
    calls.push({ action, body })
    const given = answers[action]
    const value = typeof given === 'function' ? (given as (body: unknown) => unknown)(body) : given
    return isRefusal(value)
      ? { status: value.refusal.code, text: JSON.stringify({ ...value.refusal, data: null }) }
      : { status: 200, text: JSON.stringify({ code: 200, msg: '操作成功', data: value ?? null }) }
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const { status, text } = answer(url, init.body)
      return new Response(text, { status })
    }),
  )
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      onabort: (() => void) | null = null
      status = 0
      responseText = ''
      private url = ''
      open(_method: string, url: string) {
        this.url = url
      }
      setRequestHeader() {}
      abort() {}
      send(body: unknown) {
        queueMicrotask(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 })
          const { status, text } = answer(this.url, body)
          this.status = status
          this.responseText = text
          this.onload?.()
        })
      }
    },
  )
  return calls
}

export const callsTo = (calls: Call[], action: string) => calls.filter((call) => call.action === action)

export const userInfo = (role: MemberRole, nickname = '平台管理员') => ({
  member_no: 'M20260001',
  nickname,
  phone: '139****9000',
  avatar: '',
  gender: 0,
  organization: '',
  position: '',
  provinceCode: '',
  cityCode: '',
  districtCode: '',
  role,
  isAdmin: role === 'admin',
})

export function signIn(nickname = '平台管理员') {
  saveSession({ token: 'test-token', nickname, memberNo: 'M20260001' }, false)
}

/** Renders the console at `url` beside stand-ins for the public pages it links to. */
export function renderAdmin(url: string) {
  return renderRoutes(
    [
      {
        path: '/admin/*',
        element: (
          <StyleProvider mock="server" cache={createCache()}>
            <AdminApp />
          </StyleProvider>
        ),
      },
      { path: '/login', element: <p>登录页</p> },
      { path: '/', element: <p>首页</p> },
    ],
    url,
  )
}
