// Test helpers for resumable uploads: a tus server at the network boundary (XMLHttpRequest, which
// tus-js-client's browser build and the multipart uploads both use), so tus-js-client's own logic
// (creation, offsets, retries, stored fingerprints) runs as it does in the browser.
import { act } from '@testing-library/react'
import { vi } from 'vitest'

/**
 * Vitest resolves tus-js-client's Node build (it reads "main", not "browser"); the page runs the
 * browser build. A test file mocks the package with it:
 * `vi.mock('tus-js-client', async () => (await import('../testing/tus-test-server')).browserTus())`.
 */
export const browserTus = (): Promise<object> => {
  const build: string = 'tus-js-client/lib.esm/browser/index.js'
  return import(/* @vite-ignore */ build) as Promise<object>
}

const MB = 1024 * 1024

/**
 * An mp4 that claims `size` bytes without holding them: tus-js-client reads it by `slice`, which
 * answers stand-ins of the right size, so gigabytes cost nothing. Same name, size and date: same file.
 */
export function bigVideo(name = '公开课.mp4', size = 200 * MB) {
  const file = new File([new Uint8Array(16)], name, { type: 'video/mp4', lastModified: 1_764_000_000_000 })
  Object.defineProperty(file, 'size', { value: size })
  Object.defineProperty(file, 'slice', { value: (start = 0, end = size) => ({ size: Math.min(end, size) - start }) })
  return file
}

type Progress = { lengthComputable: boolean; loaded: number; total: number }

/** One request; a PATCH and a multipart upload wait for the test to answer. */
export class FakeRequest {
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown = null
  status = 0
  responseText = ''
  isAborted = false
  /** Answered, or dropped by `fail()`. */
  isSettled = false
  private responseHeaders: Record<string, string> = {}
  upload: { onprogress: ((event: Progress) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  onabort: (() => void) | null = null
  ontimeout: (() => void) | null = null

  constructor(private server: TusTestServer) {}

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null
  }
  send(body: unknown = null) {
    this.body = body
    this.server.receive(this)
  }
  abort() {
    this.isAborted = true
    this.onabort?.()
  }

  get path() {
    return new URL(this.url, window.location.href).pathname
  }
  get bodySize() {
    return (this.body as { size?: number } | null)?.size ?? 0
  }

  /** Reports `loaded` bytes of this request's body as sent. */
  progress(loaded: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total: this.bodySize }))
  }
  respond(status: number, body: unknown = '', headers: Record<string, string> = {}) {
    if (this.isAborted) return
    this.isSettled = true
    this.status = status
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body)
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
    act(() => this.onload?.())
  }
  /** The connection drops: no answer at all. */
  fail() {
    this.isSettled = true
    act(() => this.onerror?.(new Event('error')))
  }
}

type StoredUpload = { length: number; offset: number; metadata: Record<string, string> }
type Refusal = { status: number; body: unknown }

const decodeMetadata = (header = '') =>
  Object.fromEntries(
    header
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [name, value = ''] = pair.trim().split(' ')
        return [name, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))]
      }),
  )

/**
 * Creation, HEAD and DELETE are answered at once; each PATCH waits in `patches` for `accept()`,
 * `progress()` or `fail()`. `refuse()` makes the next request of a method answer an envelope.
 */
export class TusTestServer {
  requests: FakeRequest[] = []
  uploads = new Map<string, StoredUpload>()
  private refusals = new Map<string, Refusal>()
  private nextKey = 1

  receive(request: FakeRequest) {
    this.requests.push(request)
    if (!request.path.startsWith('/resumable-uploads/')) return
    const refusal = this.refusals.get(request.method)
    if (refusal) {
      this.refusals.delete(request.method)
      // The server drops an upload it refuses a chunk of.
      if (request.method === 'PATCH') this.uploads.delete(this.keyOf(request))
      return queueMicrotask(() => request.respond(refusal.status, refusal.body, { 'Tus-Resumable': '1.0.0' }))
    }
    const stored = this.uploads.get(this.keyOf(request))
    if (request.method === 'POST') {
      const key = `upload${String(this.nextKey++).padStart(12, '0')}`
      this.uploads.set(key, {
        length: Number(request.headers['upload-length']),
        offset: 0,
        metadata: decodeMetadata(request.headers['upload-metadata']),
      })
      return queueMicrotask(() => request.respond(201, '', { Location: `/resumable-uploads/${key}`, 'Tus-Resumable': '1.0.0' }))
    }
    if (request.method === 'HEAD') {
      return queueMicrotask(() =>
        stored
          ? request.respond(200, '', {
              'Upload-Offset': String(stored.offset),
              'Upload-Length': String(stored.length),
              'Tus-Resumable': '1.0.0',
            })
          : request.respond(404, { code: 404, msg: '上传不存在或已过期', data: null }),
      )
    }
    if (request.method === 'DELETE') {
      this.uploads.delete(this.keyOf(request))
      return queueMicrotask(() => request.respond(204))
    }
  }

  keyOf(request: FakeRequest) {
    return request.path.slice('/resumable-uploads/'.length)
  }

  refuse(method: 'POST' | 'PATCH' | 'HEAD', status: number, msg: string) {
    this.refusals.set(method, { status, body: { code: status, msg, data: null } })
  }

  /** Requests to the tus endpoint, by method. */
  tus(method?: string) {
    return this.requests.filter((request) => request.path.startsWith('/resumable-uploads/') && (!method || request.method === method))
  }
  /** Multipart uploads to API actions (the cover, the console's images). */
  get multipart() {
    return this.requests.filter((request) => request.path.startsWith('/api/'))
  }
  /** PATCH requests still waiting for an answer. */
  get patches() {
    return this.tus('PATCH').filter((request) => !request.isSettled && !request.isAborted)
  }

  /** Answers the waiting PATCH: the server stores its whole body. */
  accept(request = this.patches[0]) {
    const stored = this.uploads.get(this.keyOf(request))!
    stored.offset = Number(request.headers['upload-offset']) + request.bodySize
    request.progress(request.bodySize)
    request.respond(204, '', { 'Upload-Offset': String(stored.offset), 'Tus-Resumable': '1.0.0' })
  }
}

/** Replaces XMLHttpRequest with the test server until `vi.unstubAllGlobals()`. */
export function stubTusServer() {
  const server = new TusTestServer()
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeRequest {
      constructor() {
        super(server)
      }
    },
  )
  return server
}
