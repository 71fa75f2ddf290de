import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { uploadPace, type UploadPurpose } from '../../../../../common/resumable-upload'
import { formatFileSize } from '../../../lib/text'
import { createPaceMeter, type PaceMeter } from '../api/pace-meter'
import { startResumableUpload, type ResumableUpload } from '../api/resumable-upload'

/** The screen follows progress at most this often: a fast upload reports every few milliseconds. */
export const PROGRESS_SHOW_MS = 250
/** A stalled upload reports nothing; this tick lets its speed fall and its time left grow. */
const STALL_TICK_MS = 1000

export type ResumableUploadState<T> = {
  /** Tells one picked file from the next, whatever their names. */
  id: number
  file: File
  /** `paused`: the network dropped and tus-js-client gave up retrying; 继续上传 or the browser coming back online resumes. */
  status: 'uploading' | 'paused' | 'done' | 'failed'
  progress: number
  sent: number
  total: number
  /** "2.4MB/s" and "剩余 3 分 12 秒" over the last seconds; null until measured. */
  pace: { speed: string; left: string } | null
  /** The share the server already held when sending resumed (a reload, a dropped connection). */
  resumedFrom: number | null
  /** Every byte is on the server and the completion action is running. */
  isCompleting: boolean
  /** A paused or failed upload that 继续上传 can pick up. */
  isResumable: boolean
  error?: string
  uploaded?: T
}

export type ResumableUploadOptions<T> = {
  onDone?: (uploaded: T, file: File) => void
  /** A failure 继续上传 cannot fix (the server refused the file). */
  onRefused?: (message: string, file: File) => void
}

/** Bytes sent so far: "0 KB" before the first, where formatFileSize rounds up to 1 KB. */
export const formatSentSize = (bytes: number) => (bytes > 0 ? formatFileSize(bytes) : '0 KB')

type Run = { id: number; job: ResumableUpload; meter: PaceMeter; sent: number; total: number; shownAt: number }

let nextId = 1

function paceOf(meter: PaceMeter, sent: number, total: number) {
  const bytesPerSecond = meter.bytesPerSecond()
  return bytesPerSecond === null ? null : uploadPace(bytesPerSecond, total - sent)
}

/**
 * One file at a time sent by tus for `purpose`, as soon as it is picked. Picking another file or
 * cancelling deletes the unfinished upload on the server; leaving the page only stops sending, so
 * picking the same file later continues it.
 */
export function useResumableUpload<T>(purpose: UploadPurpose, options: ResumableUploadOptions<T> = {}) {
  const [upload, setUpload] = useState<ResumableUploadState<T> | null>(null)
  const run = useRef<Run | null>(null)
  const shown = useRef(upload)
  const latestOptions = useRef(options)
  useLayoutEffect(() => {
    shown.current = upload
    latestOptions.current = options
  })

  // Answers of a replaced upload must not touch its successor.
  const patchOf = (id: number) => (change: Partial<ResumableUploadState<T>>) =>
    setUpload((state) => (state && state.id === id ? { ...state, ...change } : state))

  const discard = (how: 'stop' | 'cancel') => {
    const current = run.current
    const state = shown.current
    run.current = null
    // A finished upload is the member's file now, and a refused one is already gone from the server.
    const isOver = state?.status === 'done' || (state?.status === 'failed' && !state.isResumable)
    if (current && !isOver) {
      if (how === 'cancel') void current.job.cancel()
      else current.job.stop()
    }
  }

  useEffect(() => () => discard('stop'), [])

  const start = (file: File, fields?: Record<string, string>) => {
    discard('cancel')
    const id = nextId++
    const patch = patchOf(id)
    const meter = createPaceMeter()
    const show = (current: Run) => {
      current.shownAt = Date.now()
      const { sent, total } = current
      patch({ sent, total, progress: total ? sent / total : 0, pace: paceOf(meter, sent, total) })
    }
    const job = startResumableUpload<T>(
      { file, purpose, fields },
      {
        onProgress: (sent, total) => {
          const current = run.current
          if (current?.id !== id) return
          const now = Date.now()
          meter.add(sent, now)
          current.sent = sent
          current.total = total
          if (now - current.shownAt >= PROGRESS_SHOW_MS || sent === total) show(current)
        },
        onResume: (offset, total) => {
          meter.reset()
          // The jump to the server's offset shows at once, whenever the last reading was shown.
          if (run.current?.id === id) run.current.shownAt = Number.NEGATIVE_INFINITY
          patch({ resumedFrom: total ? offset / total : null })
        },
        onCompleting: () => patch({ isCompleting: true, progress: 1, sent: file.size, pace: null }),
        onSuccess: (uploaded) => {
          patch({ status: 'done', progress: 1, isCompleting: false, uploaded })
          latestOptions.current.onDone?.(uploaded, file)
        },
        onError: ({ message, isResumable, isNetwork }) => {
          meter.reset()
          patch({ status: isNetwork ? 'paused' : 'failed', error: message, isResumable, isCompleting: false, pace: null })
          if (!isResumable) latestOptions.current.onRefused?.(message, file)
        },
      },
    )
    run.current = { id, job, meter, sent: 0, total: file.size, shownAt: Number.NEGATIVE_INFINITY }
    setUpload({
      id,
      file,
      status: 'uploading',
      progress: 0,
      sent: 0,
      total: file.size,
      pace: null,
      resumedFrom: null,
      isCompleting: false,
      isResumable: false,
    })
  }

  const resume = () => {
    const current = run.current
    if (!current || !shown.current?.isResumable) return
    patchOf(current.id)({ status: 'uploading', error: undefined, isResumable: false })
    current.job.resume()
  }

  /** Forgets the file; an unfinished upload is deleted on the server (取消上传, 移除). */
  const clear = () => {
    discard('cancel')
    setUpload(null)
  }

  const status = upload?.status
  // The browser says it is back online: a paused upload continues by itself.
  useEffect(() => {
    if (status !== 'paused') return
    window.addEventListener('online', resume)
    return () => window.removeEventListener('online', resume)
  })

  // A stalled upload reports no progress: without a tick its last speed would stay on screen.
  useEffect(() => {
    if (status !== 'uploading') return
    const timer = setInterval(() => {
      const current = run.current
      if (!current || shown.current?.isCompleting || Date.now() - current.shownAt < STALL_TICK_MS) return
      current.meter.add(current.sent, Date.now())
      current.shownAt = Date.now()
      const pace = paceOf(current.meter, current.sent, current.total)
      setUpload((state) => (state && state.id === current.id ? { ...state, pace } : state))
    }, STALL_TICK_MS)
    return () => clearInterval(timer)
  }, [status])

  return { upload, start, resume, clear }
}
