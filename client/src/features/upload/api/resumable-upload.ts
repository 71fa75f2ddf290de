// One file sent by the tus protocol (common/resumable-upload.ts holds the contract): tus-js-client
// sends the bytes in chunks and retries dropped connections, then the purpose's completion action
// turns the upload into a stored file.
import type { PreviousUpload, Upload } from 'tus-js-client'
import {
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_UPLOAD_PATH,
  UPLOAD_PURPOSES,
  resumableKeyOf,
  type UploadPurpose,
} from '../../../../../common/resumable-upload'
import { API_HOST, ApiError, endSession, post, SERVER_UNAVAILABLE } from '../../../lib/api-client'
import { getToken } from '../../../lib/session'

export const NETWORK_PAUSED = '网络连接中断，上传已暂停'
export const UPLOAD_FAILED = '上传失败，请重试'
/** Waits between tus-js-client's attempts after a dropped connection or a server error; then the upload pauses. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000]

/** Why an upload stopped: the message to show, whether 继续上传 can pick it up, and whether the network was the cause. */
export type ResumableProblem = { message: string; isResumable: boolean; isNetwork: boolean }

export type ResumableEvents<T> = {
  onProgress: (sent: number, total: number) => void
  /** The server already held `offset` bytes of the file (after a reload or a dropped connection). */
  onResume: (offset: number, total: number) => void
  /** Every byte is on the server; the completion action is being called. */
  onCompleting: () => void
  onSuccess: (result: T) => void
  onError: (problem: ResumableProblem) => void
}

export type ResumableUploadInput = {
  file: File
  purpose: UploadPurpose
  /** Sent to the completion action beside the key, e.g. the media library's `folder`. */
  fields?: Record<string, string>
}

export type ResumableUpload = {
  /** Continues after a pause or a resumable failure, from the bytes the server holds. */
  resume: () => void
  /** Stops sending but keeps the server's copy, so picking the same file again continues it. */
  stop: () => void
  /** Stops sending and deletes the upload on the server. */
  cancel: () => Promise<void>
}

type Envelope = { code?: unknown; msg?: unknown }

function envelopeMessage(body: string): string | null {
  try {
    const { msg } = JSON.parse(body) as Envelope
    return typeof msg === 'string' && msg ? msg : null
  } catch {
    return null
  }
}

type TusError = Error & { originalRequest?: unknown; originalResponse?: { getStatus(): number; getBody(): string } | null }

const NEED_LOGIN = 401

/**
 * Whether tus-js-client should try the request again: a dropped connection or a server error, as by
 * default, but not a server error that is the server's own answer (an envelope: storage full), which
 * the member should read now rather than after a minute of retries.
 */
export function shouldRetry(error: TusError): boolean {
  const response = error.originalResponse
  if (!response) return navigator.onLine !== false
  const status = response.getStatus()
  if (status === 409 || status === 423) return true
  return status >= 500 && envelopeMessage(response.getBody()) === null
}

/** What a failure reported by tus-js-client (after its retries) means for the member. */
export function problemOf(error: TusError): ResumableProblem {
  const response = error.originalResponse
  if (response) {
    const status = response.getStatus()
    const message = envelopeMessage(response.getBody())
    // A server error, a conflicting offset or a locked upload may pass; a refusal (4xx) will not.
    if (status >= 500 || status === 409 || status === 423)
      return { message: message ?? SERVER_UNAVAILABLE, isResumable: true, isNetwork: false }
    return { message: message ?? UPLOAD_FAILED, isResumable: false, isNetwork: false }
  }
  // A request that got no answer at all: offline, reset, or the server went away.
  if (error.originalRequest) return { message: NETWORK_PAUSED, isResumable: true, isNetwork: true }
  return { message: UPLOAD_FAILED, isResumable: false, isNetwork: false }
}

/** The completion action's conflict: the server lacks bytes (文件尚未上传完成，请继续上传), so sending resumes. */
const NOT_COMPLETE = 409

function completionProblem(error: Error): ResumableProblem {
  const code = error instanceof ApiError ? error.code : 0
  // Code 0 is a transport failure (no answer): the bytes are on the server, so asking again may work.
  return { message: error.message || UPLOAD_FAILED, isResumable: code === 0 || code === NOT_COMPLETE || code >= 500, isNetwork: code === 0 }
}

const newestFirst = (a: PreviousUpload, b: PreviousUpload) => Date.parse(b.creationTime) - Date.parse(a.creationTime)

/** Starts sending `file`; a file this browser already sent part of (same name, size, date and purpose) continues where it stopped. */
export function startResumableUpload<T>({ file, purpose, fields = {} }: ResumableUploadInput, on: ResumableEvents<T>): ResumableUpload {
  let tus: Upload | null = null
  let isStopped = false
  // Between a start and its error: a second resume (the button and the browser coming back online) is ignored.
  let isRunning = false
  // Set once every byte is on the server: a resume then only repeats the completion call.
  let key: string | null = null

  const fail = (problem: ResumableProblem) => {
    isRunning = false
    if (!isStopped) on.onError(problem)
  }

  const complete = () => {
    on.onCompleting()
    post<T>(UPLOAD_PURPOSES[purpose].completeAction, { ...fields, key }, { silent: true }).then(
      (result) => {
        isRunning = false
        if (!isStopped) on.onSuccess(result)
      },
      (error: Error) => {
        if (error instanceof ApiError && error.code === NOT_COMPLETE) key = null
        fail(completionProblem(error))
      },
    )
  }

  const begin = async (lastUrl: string | null) => {
    // Loaded on the first upload: most pages never send a video.
    const { Upload } = await import('tus-js-client')
    if (isStopped) return
    tus?.abort()
    const upload: Upload = new Upload(file, {
      // tus-js-client resolves the upload's Location against the endpoint, which must be absolute.
      endpoint: new URL(`${API_HOST}${RESUMABLE_UPLOAD_PATH}`, window.location.href).href,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type || 'video/mp4', purpose },
      removeFingerprintOnSuccess: true,
      // Read on every request: the session may have been renewed during a long upload.
      onBeforeRequest: (req) => {
        const token = getToken()
        if (token) req.setHeader('Authorization', `Bearer ${token}`)
      },
      onAfterResponse: (req, res) => {
        const offset = Number(res.getHeader('Upload-Offset'))
        if (req.getMethod() === 'HEAD' && res.getStatus() < 300 && offset > 0) on.onResume(offset, file.size)
      },
      onProgress: (sent, total) => {
        if (!isStopped) on.onProgress(sent, total)
      },
      onSuccess: () => {
        key = resumableKeyOf(upload.url ?? '')
        if (key) complete()
        else fail({ message: UPLOAD_FAILED, isResumable: false, isNetwork: false })
      },
      onShouldRetry: (error) => shouldRetry(error),
      onError: (error: TusError) => {
        // The session ended while sending: the bytes stay on the server, and the same file continues after signing in.
        if (error.originalResponse?.getStatus() === NEED_LOGIN) endSession()
        fail(problemOf(error))
      },
    })
    tus = upload
    const previous = await upload.findPreviousUploads().catch(() => [])
    if (isStopped) return
    const mine = previous.filter((stored) => stored.metadata.purpose === purpose && stored.uploadUrl).sort(newestFirst)
    if (mine[0]) upload.resumeFromPreviousUpload(mine[0])
    else if (lastUrl) upload.options.uploadUrl = lastUrl
    upload.start()
  }

  const run = () => {
    isRunning = true
    // A fresh tus-js-client upload on every resume: its retries start over, and it asks the server for the offset.
    begin(tus?.url ?? null).catch(() => fail({ message: NETWORK_PAUSED, isResumable: true, isNetwork: true }))
  }
  run()

  return {
    resume() {
      if (isStopped || isRunning) return
      if (key) {
        isRunning = true
        complete()
      } else run()
    },
    stop() {
      isStopped = true
      void tus?.abort()
    },
    cancel() {
      isStopped = true
      // Offline, the DELETE fails: the member has let the upload go either way.
      return tus ? tus.abort(true).catch(() => undefined) : Promise.resolve()
    },
  }
}
