import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ApiError, DATA_FORMAT_ERROR, mediaUrl, post, setNeedLoginHandler } from './api-client'
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
    vi.stubGlobal('fetch', answer('<html>502 Bad Gateway</html>', 502))

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

  test('a transport failure toasts the error message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )

    await expect(post('/api/Index/indexList')).rejects.toMatchObject({ message: 'Failed to fetch' })
    expect(toasts).toMatchObject([{ kind: 'error', text: 'Failed to fetch' }])
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
