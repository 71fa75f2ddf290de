import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  ApiError,
  DATA_FORMAT_ERROR,
  FAILURE_BURST_MS,
  mediaUrl,
  NETWORK_ERROR,
  post,
  REQUEST_TIMEOUT_MS,
  SERVER_UNAVAILABLE,
  setNeedLoginHandler,
  TIMEOUT_ERROR,
} from './api-client'
import { getSession, saveSession } from './session'
import { dismissToast, subscribeToasts, TOAST_DURATION_MS, type Toast } from './toast'

// The network is the boundary of this unit: fetch answers with real Response objects.
const answer = (body: unknown, status = 200) =>
  vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  )

let toasts: Toast[] = []
let unsubscribe: () => void

beforeEach(() => {
  unsubscribe = subscribeToasts((next) => (toasts = next))
})
afterEach(() => {
  toasts.forEach((toast) => dismissToast(toast.id))
  unsubscribe()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('post', () => {
  test('resolves with data on code 200 and sends the JSON payload', async () => {
    const fetch = answer({ code: 200, msg: 'ok', data: { list: [1, 2] } })
    vi.stubGlobal('fetch', fetch)

    await expect(post('/api/Index/indexList', { page: 2 })).resolves.toEqual({ list: [1, 2] })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/Index/indexList')
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"page":2}')
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json')
    expect(toasts).toEqual([])
  })

  test('treats code 0 as success too', async () => {
    vi.stubGlobal('fetch', answer({ code: 0, msg: '', data: 'fine' }))

    await expect(post('/api/Index/getConfig')).resolves.toBe('fine')
    expect(toasts).toEqual([])
  })

  test('a body without a code rejects with the data-format error toast', async () => {
    vi.stubGlobal('fetch', answer({ msg: 'hello', data: {} }))

    await expect(post('/api/Index/getConfig')).rejects.toMatchObject({ message: DATA_FORMAT_ERROR })
    expect(DATA_FORMAT_ERROR).toBe('响应数据格式错误')
    expect(toasts).toMatchObject([{ kind: 'error', text: '响应数据格式错误' }])
  })

  test('a body that is not JSON is a data-format error as well', async () => {
    vi.stubGlobal('fetch', answer('<html>hello</html>', 200))

    await expect(post('/api/Index/getConfig')).rejects.toMatchObject({ message: '响应数据格式错误' })
    expect(toasts.map((toast) => toast.text)).toEqual(['响应数据格式错误'])
  })

  test('any other code rejects with the server msg as toast, whatever the HTTP status', async () => {
    vi.stubGlobal('fetch', answer({ code: 404, msg: '课程不存在或已下架', data: null }, 404))

    const error = await post('/api/Course/courseDetails', { id: 9 }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 404, message: '课程不存在或已下架' })
    expect(toasts).toMatchObject([{ kind: 'error', text: '课程不存在或已下架' }])
  })

  test('a transport failure toasts in Chinese, never the browser’s English error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )

    await expect(post('/api/Index/indexList')).rejects.toMatchObject({ code: 0, message: NETWORK_ERROR })
    expect(NETWORK_ERROR).toBe('网络连接失败，请检查网络后重试')
    expect(toasts).toMatchObject([{ kind: 'error', text: NETWORK_ERROR }])
  })

  test('silent calls reject without a toast', async () => {
    vi.stubGlobal('fetch', answer({ code: 500, msg: '服务器繁忙，请稍后再试', data: null }, 500))

    await expect(post('/api/Index/getConfig', {}, { silent: true })).rejects.toMatchObject({ code: 500 })
    expect(toasts).toEqual([])
  })

  test('toasts disappear after 3 seconds', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('fetch', answer({ code: 400, msg: '参数错误', data: null }, 400))

    await expect(post('/api/Index/getConfig')).rejects.toBeInstanceOf(ApiError)
    expect(toasts).toHaveLength(1)
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(toasts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(toasts).toHaveLength(0)
  })

  test('sends the stored token and, on NEED_LOGIN, clears it and calls the handler', async () => {
    saveSession({ token: 'abc.def.ghi', nickname: '会员', memberNo: 'M1' }, false)
    const fetch = answer({ code: 401, msg: '请先登录', data: null }, 401)
    vi.stubGlobal('fetch', fetch)
    const onNeedLogin = vi.fn()
    setNeedLoginHandler(onNeedLogin)

    await expect(post('/api/Member/getUserInfo')).rejects.toMatchObject({ code: 401, message: '请先登录' })

    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer abc.def.ghi')
    expect(getSession()).toBeNull()
    expect(onNeedLogin).toHaveBeenCalledTimes(1)
  })

  test('a background call (a badge refresh) that meets NEED_LOGIN forgets the session but leaves the reader on the page, untoasted', async () => {
    saveSession({ token: 'abc.def.ghi', nickname: '会员', memberNo: 'M1' }, false)
    vi.stubGlobal('fetch', answer({ code: 401, msg: '请先登录', data: null }, 401))
    const onNeedLogin = vi.fn()
    setNeedLoginHandler(onNeedLogin)
    await expect(post('/api/Member/getUserInfo', {}, { isBackground: true })).rejects.toMatchObject({ code: 401 })

    expect(getSession()).toBeNull()
    expect(onNeedLogin).not.toHaveBeenCalled()
    expect(toasts).toEqual([])
  })
})

describe('transport failures (spec §8)', () => {
  // Each test starts a new outage: the clock jumps past any burst an earlier test opened.
  let now = Date.now()
  beforeEach(() => {
    now += 10 * FAILURE_BURST_MS + 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
  })
  afterEach(() => vi.restoreAllMocks())
  const offline = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('NetworkError when attempting to fetch resource.')
      }),
    )

  test('an HTML 502 or 504 from a proxy says the server is unreachable', async () => {
    vi.stubGlobal('fetch', answer('<html><body>502 Bad Gateway</body></html>', 502))

    await expect(post('/api/Index/getConfig')).rejects.toMatchObject({ code: 0, message: SERVER_UNAVAILABLE })
    expect(toasts.map((toast) => toast.text)).toEqual(['服务器暂时无法访问，请稍后重试'])
  })

  test('a call that does not answer in time is given up with the timeout message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))),
          ),
      ),
    )

    const call = post('/api/Index/indexList').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)

    expect(await call).toMatchObject({ code: 0, message: TIMEOUT_ERROR })
    expect(TIMEOUT_ERROR).toBe('请求超时，请稍后重试')
    expect(toasts.map((toast) => toast.text)).toEqual([TIMEOUT_ERROR])
  })

  test('the caller’s own abort is not a failure and shows nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))),
          ),
      ),
    )
    const controller = new AbortController()
    const call = post('/api/Index/indexList', {}, { signal: controller.signal }).catch((error: unknown) => error)
    controller.abort()

    expect(await call).toMatchObject({ name: 'AbortError' })
    expect(toasts).toEqual([])
  })

  test('one outage toasts once, however many calls fail in it; the next outage toasts again', async () => {
    offline()

    await Promise.all(['indexList', 'getConfig', 'getMenuseo'].map((name) => post(`/api/Index/${name}`).catch(() => null)))
    expect(toasts).toHaveLength(1)
    toasts.forEach((toast) => dismissToast(toast.id))

    // Still failing a moment later (its toast already closed): the same outage, no new toast.
    now += FAILURE_BURST_MS - 1
    await post('/api/Index/indexList').catch(() => null)
    expect(toasts).toEqual([])

    now += FAILURE_BURST_MS
    await post('/api/Index/indexList').catch(() => null)
    expect(toasts.map((toast) => toast.text)).toEqual([NETWORK_ERROR])
  })

  test('server refusals in an outage still show their own message', async () => {
    offline()
    await post('/api/Index/indexList').catch(() => null)
    vi.stubGlobal('fetch', answer({ code: 400, msg: '参数错误', data: null }, 400))
    await post('/api/Index/indexList').catch(() => null)
    expect(toasts.map((toast) => toast.text)).toEqual([NETWORK_ERROR, '参数错误'])
  })
})

describe('mediaUrl', () => {
  test('keeps absolute, data and blob URLs and roots relative paths', () => {
    expect(mediaUrl('/uploads/seed/t.png')).toBe('/uploads/seed/t.png')
    expect(mediaUrl('uploads/seed/t.png')).toBe('/uploads/seed/t.png')
    expect(mediaUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(mediaUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    expect(mediaUrl(null)).toBe('')
  })
})
