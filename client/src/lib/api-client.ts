// The only place that knows the {code, msg, data} envelope and the error catalogue (spec §8).
import type { Replies, ReplyPath } from '../../../common/api/replies'
import type { Transport } from '../../../common/render-contract'
import { clearSession, getToken } from './session'
import { showToast } from './toast'

export const API_HOST = (import.meta.env.VITE_API_HOST as string | undefined) ?? ''
export const DATA_FORMAT_ERROR = '响应数据格式错误'
/** Transport failures (spec §8) in the visitor's language, never the browser's English ("Failed to fetch"). */
export const NETWORK_ERROR = '网络连接失败，请检查网络后重试'
export const TIMEOUT_ERROR = '请求超时，请稍后重试'
export const SERVER_UNAVAILABLE = '服务器暂时无法访问，请稍后重试'
/** A call that has not answered by then is given up, so a stalled connection ends in a message, not a spinner. */
export const REQUEST_TIMEOUT_MS = 15_000
/** Failures of one outage (every query of a page failing together) toast once, however long it lasts. */
export const FAILURE_BURST_MS = 3000
const NEED_LOGIN = 401

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export type PostOptions = {
  silent?: boolean
  signal?: AbortSignal
  /**
   * A call the reader did not ask for (a badge's refresh): nothing is toasted, and a session the server
   * no longer takes is forgotten without taking the reader from the page they are reading.
   */
  isBackground?: boolean
}

type Envelope<T> = { code?: unknown; msg?: unknown; data: T }

/*
 * A Transport (common/render-contract.ts) carries one JSON call to the server and answers its parsed
 * body (an envelope, or whatever came back); it rejects only when the call could not be made at all.
 * The browser fetches; the server render (entry-server.tsx) passes one that runs the action in-process.
 */

/**
 * A page opened through a preview link (`?preview=`) hands its token to the API, which then shows that
 * one unpublished item (server/lib/preview-grant.ts); the API ignores a token that opens nothing.
 */
const previewHeaders = (): Record<string, string> => {
  const token = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('preview')
  return token ? { 'X-Preview': token } : {}
}

const fetchTransport: Transport = (path, payload, signal) =>
  send(
    path,
    { method: 'POST', headers: { 'Content-Type': 'application/json', ...previewHeaders() }, body: JSON.stringify(payload) },
    signal,
    REQUEST_TIMEOUT_MS,
  )

let transport: Transport = fetchTransport

/** Replaces fetch for every JSON call; the server render's entry does, once. */
export const setTransport = (next: Transport) => {
  transport = next
}

// The server render has nobody to show a toast to, and no stored session.
const isBrowser = typeof window !== 'undefined'

let onNeedLogin: (() => void) | undefined
/** The router registers where a NEED_LOGIN answer sends the user. */
export const setNeedLoginHandler = (handler: () => void) => {
  onNeedLogin = handler
}

/** The server no longer takes this session (401): it is forgotten and the router sends the user to sign in. */
export function endSession({ isBackground = false }: Pick<PostOptions, 'isBackground'> = {}) {
  if (!isBrowser || !getToken()) return
  clearSession()
  if (!isBackground) onNeedLogin?.()
}

/** Why a call never produced an envelope: the code is 0 (no answer) and the message is Chinese. */
export class TransportError extends ApiError {
  constructor(message: string) {
    super(0, message)
    this.name = 'TransportError'
  }
}

/** Aborts after `timeoutMs` (if any) or when the caller aborts; `timedOut()` tells the two apart. */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number | undefined) {
  const controller = new AbortController()
  let isTimedOut = false
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          isTimedOut = true
          controller.abort()
        }, timeoutMs)
  const onAbort = () => controller.abort(signal?.reason)
  if (signal?.aborted) onAbort()
  else signal?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => isTimedOut,
    done: () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    },
  }
}

/** One fetch answering the parsed body; uploads pass no timeout, as a large file may take minutes. */
async function send(path: string, init: RequestInit, signal?: AbortSignal, timeoutMs?: number): Promise<unknown> {
  const token = getToken()
  const headers = new Headers(init.headers)
  if (token) headers.set('Authorization', `Bearer ${token}`)
  const limit = withTimeout(signal, timeoutMs)
  try {
    const res = await fetch(`${API_HOST}${path}`, { ...init, headers, signal: limit.signal })
    const text = await res.text()
    try {
      return JSON.parse(text) as unknown
    } catch {
      // A proxy's HTML error page (502, 504) means the server is unreachable, not that it answered badly.
      if (res.status >= 500) throw new TransportError(SERVER_UNAVAILABLE)
      return {}
    }
  } catch (error) {
    if (error instanceof TransportError) throw error
    if (limit.timedOut()) throw new TransportError(TIMEOUT_ERROR)
    if ((error as Error).name === 'AbortError') throw error
    // fetch rejects only when no answer arrived at all (offline, DNS, refused, reset).
    throw new TransportError(NETWORK_ERROR)
  } finally {
    limit.done()
  }
}

let lastTransportFailure = Number.NEGATIVE_INFINITY
/** True for the first transport failure of a burst; every failure extends the burst. */
function opensFailureBurst() {
  const now = Date.now()
  const isNew = now - lastTransportFailure >= FAILURE_BURST_MS
  lastTransportFailure = now
  return isNew
}

function announce(error: ApiError, options: PostOptions) {
  if (options.silent || options.isBackground || !isBrowser) return
  if (error instanceof TransportError && !opensFailureBurst()) return
  showToast(error.message)
}

async function request<T>(call: () => Promise<unknown>, options: PostOptions): Promise<T> {
  const fail = (error: ApiError): never => {
    announce(error, options)
    throw error
  }
  let body: Envelope<T>
  try {
    body = (await call()) as Envelope<T>
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    return fail(error instanceof ApiError ? error : new TransportError(NETWORK_ERROR))
  }
  return settle(body, fail, options)
}

/** Reads an envelope: data on 200 or 0, otherwise the catalogue's failure. */
function settle<T>(body: Envelope<T> | null, fail: (error: ApiError) => never, options: PostOptions = {}): T {
  if (body === null || typeof body !== 'object' || !('code' in body)) return fail(new ApiError(-1, DATA_FORMAT_ERROR))
  const code = Number(body.code)
  if (code === 200 || code === 0) return body.data
  const message = typeof body.msg === 'string' && body.msg ? body.msg : '请求失败'
  if (code === NEED_LOGIN) endSession(options)
  return fail(new ApiError(code, message))
}

/**
 * POST a JSON payload to a contract action; resolves with `data` on code 200 or 0. An action whose
 * reply is declared in common/api/replies.ts answers that type by its path alone.
 */
export function post<P extends ReplyPath>(path: `/api/${P}`, payload?: object, options?: PostOptions): Promise<Replies[P]>
export function post<T>(path: string, payload?: object, options?: PostOptions): Promise<T>
export function post(path: string, payload: object = {}, options: PostOptions = {}): Promise<unknown> {
  return request(() => transport(path, payload, options.signal), options)
}

/** Multipart upload to an upload action. */
export function upload<T>(path: string, form: FormData, options: PostOptions = {}): Promise<T> {
  return request<T>(() => send(path, { method: 'POST', body: form }, options.signal), options)
}

/**
 * Multipart upload reporting progress (0-1); fetch cannot observe upload progress, XHR can.
 * Same envelope and error catalogue as every other call.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  options: PostOptions & { onProgress?: (ratio: number) => void } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fail = (error: ApiError): never => {
      announce(error, options)
      throw error
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${API_HOST}${path}`)
    const token = getToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      let body: Envelope<T> | null = null
      try {
        body = JSON.parse(xhr.responseText) as Envelope<T>
      } catch {
        body = null
      }
      try {
        resolve(body === null && xhr.status >= 500 ? fail(new TransportError(SERVER_UNAVAILABLE)) : settle(body, fail))
      } catch (error) {
        reject(error)
      }
    }
    const failWith = (message: string) => () => {
      try {
        fail(new TransportError(message))
      } catch (error) {
        reject(error)
      }
    }
    xhr.onerror = failWith(NETWORK_ERROR)
    xhr.ontimeout = failWith(TIMEOUT_ERROR)
    xhr.onabort = () => reject(new DOMException('上传已取消', 'AbortError'))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

/** Relative media paths get the API host prefixed (spec §7). */
export function mediaUrl(path: string | null | undefined): string {
  if (!path) return ''
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path
  return `${API_HOST}${path.startsWith('/') ? '' : '/'}${path}`
}
