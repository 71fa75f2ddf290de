import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { FieldError } from '../../../components/ui/field-error'
import { useObjectUrlSource } from '../../../lib/use-object-url'
import { formatFileSize } from '../../../lib/text'
import { UPLOAD_RULES, uploadFile } from '../api/upload-file'
import { formatSentSize } from '../hooks/use-resumable-upload'
import type { UploadResult } from '../types'

export type SingleUpload = {
  file: File
  progress: number
  status: 'uploading' | 'done' | 'failed'
  uploaded?: UploadResult
  error?: string
  abort: AbortController
}

const discard = (upload: SingleUpload | null) => {
  if (upload?.status === 'uploading') upload.abort.abort()
}

/**
 * One file sent to Teacher/upload as soon as it is picked, with progress and cancel. Picking
 * another file replaces (and cancels) the previous one; leaving the page cancels it too.
 */
export function useSingleUpload(kind: 'video' | 'image') {
  const [upload, setUpload] = useState<SingleUpload | null>(null)
  const current = useRef(upload)
  useLayoutEffect(() => {
    current.current = upload
  }, [upload])

  useEffect(() => () => discard(current.current), [])

  const start = (file: File) => {
    discard(current.current)
    const next: SingleUpload = { file, progress: 0, status: 'uploading', abort: new AbortController() }
    current.current = next
    setUpload(next)
    // Answers of a replaced upload must not touch its successor.
    const patch = (change: Partial<SingleUpload>) =>
      setUpload((shown) => (shown && shown.abort === next.abort ? { ...shown, ...change } : shown))
    uploadFile(file, {
      kind,
      path: '/api/Teacher/upload',
      // The field shows why the server refused, next to the file.
      silent: true,
      signal: next.abort.signal,
      onProgress: (progress) => patch({ progress }),
    }).then(
      (uploaded) => patch({ status: 'done', progress: 1, uploaded }),
      (error: Error) => {
        if (error.name !== 'AbortError') patch({ status: 'failed', error: error.message || '上传失败，请重试' })
      },
    )
  }

  const clear = () => {
    discard(current.current)
    current.current = null
    setUpload(null)
  }

  return { upload, start, clear }
}

/** What the field shows of an upload: a multipart one (useSingleUpload) or a resumable one (useResumableUpload). */
export type FieldUpload = {
  file: File
  progress: number
  status: 'uploading' | 'paused' | 'done' | 'failed'
  error?: string
  /** Bytes on their way so far; the file's size is shown without them. */
  sent?: number
  total?: number
  pace?: { speed: string; left: string } | null
  resumedFrom?: number | null
  isCompleting?: boolean
  isResumable?: boolean
}

type FieldProps = {
  id: string
  kind: 'video' | 'image'
  label: string
  hint: string
  upload: FieldUpload | null
  /** Called with the file the member picked or dropped; the form checks it before uploading. */
  onPick: (file: File) => void
  onRemove: () => void
  /** 继续上传, offered when the upload paused or failed in a way that can be picked up. */
  onResume?: () => void
  error?: string
}

function progressText(upload: FieldUpload, percent: number) {
  if (upload.isCompleting) return '上传完成，正在处理…'
  return upload.pace ? `上传中 ${percent}% · ${upload.pace.speed} · ${upload.pace.left}` : `上传中 ${percent}%`
}

const TEXT = {
  video: { pick: '选择 mp4 视频', change: '更换视频', input: '选择视频文件', badge: 'MP4', preview: '视频预览' },
  image: { pick: '选择封面图片', change: '更换封面', input: '选择封面图片文件', badge: 'IMG', preview: '封面预览' },
}

/** What the member picked, shown from the local file before it is sent; the badge where the browser cannot show it (e.g. a codec it lacks). */
function LocalFilePreview({ file, kind, label, badge }: { file: File; kind: 'video' | 'image'; label: string; badge: string }) {
  const source = useObjectUrlSource(file)
  const [failedFile, setFailedFile] = useState<File>()
  if (failedFile === file) return <span aria-hidden="true">{badge}</span>
  return kind === 'video' ? (
    <video ref={source} muted preload="metadata" aria-label={label} onError={() => setFailedFile(file)} />
  ) : (
    <img ref={source} alt={label} />
  )
}

/**
 * The picker for the lecture video or its cover: a drop area, then the file with its preview,
 * progress and actions. The first button carries the field id, so a failed submit can focus it.
 */
export function VideoUploadField({ id, kind, label, hint, upload, onPick, onRemove, onResume, error }: FieldProps) {
  const input = useRef<HTMLInputElement>(null)
  const [isDragging, setDragging] = useState(false)
  const text = TEXT[kind]
  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')
  const percent = Math.round((upload?.progress ?? 0) * 100)
  const isSending = upload?.status === 'uploading' || upload?.status === 'paused'
  const canResume = Boolean(onResume && upload?.isResumable && upload.status !== 'uploading')
  const choose = () => input.current?.click()

  const onDrop = (event: React.DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) onPick(file)
  }

  return (
    <div className="form-field member-field" role="group" aria-labelledby={`${id}-label`}>
      <span className="uc-form__label-inline" id={`${id}-label`}>
        {label}
      </span>
      {upload ? (
        <div className={`vt-file vt-file--${kind} vt-file--${upload.status}`}>
          <span className="vt-file__thumb">
            <LocalFilePreview file={upload.file} kind={kind} label={`${text.preview}：${upload.file.name}`} badge={text.badge} />
            {isSending && <span className="vt-file__percent">{percent}%</span>}
          </span>
          <span className="vt-file__body">
            <span className="vt-file__name line-clamp-1" title={upload.file.name}>
              {upload.file.name}
            </span>
            <span className="vt-file__size">
              {isSending && upload.sent !== undefined
                ? `${formatSentSize(upload.sent)} / ${formatFileSize(upload.total ?? upload.file.size)}`
                : formatFileSize(upload.file.size)}
            </span>
            {isSending && (
              <span
                className="uc-file__bar"
                role="progressbar"
                aria-label={`${upload.file.name} 上传进度`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span style={{ width: `${percent}%` }} />
              </span>
            )}
            {/* Speed changes several times a second: only the outcome is announced, the progress bar carries the rest. */}
            {upload.status === 'uploading' && <span className="vt-file__progress">{progressText(upload, percent)}</span>}
            {upload.status === 'uploading' && upload.resumedFrom ? (
              <span className="vt-file__note">{`已从 ${Math.floor(upload.resumedFrom * 100)}% 继续上传`}</span>
            ) : null}
            <span className="vt-file__state" aria-live="polite">
              {upload.status === 'uploading'
                ? ''
                : upload.status === 'done'
                  ? '已上传'
                  : (upload.error ?? (upload.status === 'paused' ? '上传已暂停' : '上传失败'))}
            </span>
            <span className="vt-file__actions">
              {canResume && (
                <button id={id} type="button" className="btn btn--plain" aria-describedby={describedBy} onClick={onResume}>
                  继续上传
                </button>
              )}
              {isSending ? (
                <button
                  id={canResume ? undefined : id}
                  type="button"
                  className="btn btn--plain"
                  aria-describedby={canResume ? undefined : describedBy}
                  onClick={onRemove}
                >
                  取消上传
                </button>
              ) : (
                <>
                  {!canResume && (
                    <button id={id} type="button" className="btn btn--plain" aria-describedby={describedBy} onClick={choose}>
                      {upload.status === 'failed' ? '重新选择' : text.change}
                    </button>
                  )}
                  <button type="button" className="btn btn--plain" onClick={onRemove} aria-label={`移除 ${upload.file.name}`}>
                    移除
                  </button>
                </>
              )}
            </span>
          </span>
        </div>
      ) : (
        <button
          id={id}
          type="button"
          className={`vt-drop vt-drop--${kind}${isDragging ? ' is-dragging' : ''}`}
          aria-describedby={describedBy}
          onClick={choose}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
            {kind === 'video' ? (
              <path d="M3.5 6.5h12v11h-12zM15.5 10.5l5-3v9l-5-3" strokeLinejoin="round" />
            ) : (
              <path d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9.5h.01" strokeLinejoin="round" strokeLinecap="round" />
            )}
          </svg>
          <strong>{text.pick}</strong>
          <span>或将文件拖到此处</span>
        </button>
      )}
      <input
        ref={input}
        type="file"
        accept={UPLOAD_RULES[kind].accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={text.input}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) onPick(file)
        }}
      />
      <FieldError id={`${id}-error`} message={error} />
      <span id={`${id}-hint`} className="member-field__hint">
        {hint}
      </span>
    </div>
  )
}
