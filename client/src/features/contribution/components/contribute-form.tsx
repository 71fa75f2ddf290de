import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { FieldError } from '../../../components/ui/field-error'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { paths, USER_TABS } from '../../../config/paths'
import { focusFirstProblem } from '../../../lib/focus-first-problem'
import { showToast } from '../../../lib/toast'
import { useThrottledAction } from '../../../lib/use-throttled-action'
import {
  UPLOAD_RULES,
  uploadFile,
  uploadKindOf,
  uploadProblem,
  VideoForm,
  VideoSubTabs,
  type UploadKind,
  type UploadResult,
} from '../../upload'
import { useAddContribution } from '../api/add-contribution'
import { plainTextToHtml } from '../lib/plain-text-html'
import { CONTRIBUTION_KIND_TEXT, CONTRIBUTION_KINDS } from '../lib/submission'
import type { ContributionKind } from '../types'

const MAX_ATTACHMENTS = 10
const TITLE_MAX = 100
const CONTENT_MAX = 20_000

type Item = {
  key: number
  name: string
  kind: UploadKind
  preview: string
  progress: number
  status: 'uploading' | 'done' | 'failed'
  uploaded?: UploadResult
  abort: AbortController
}

let nextKey = 1

/** Tab 7 我要投稿: an article (文章投稿) or, with ?submit=video, a lecture video (视频投稿). */
export function ContributeForm({ onDone }: { onDone: () => void }) {
  const [search] = useSearchParams()
  const isVideo = search.get('submit') === 'video'
  return (
    <>
      <VideoSubTabs
        label="投稿类型"
        current={isVideo ? 'video' : 'article'}
        items={[
          { value: 'article', label: '文章投稿', hint: '学术观点 / 教学活动', to: paths.user(USER_TABS.contribute) },
          { value: 'video', label: '视频投稿', hint: '名师讲课视频', to: `${paths.user(USER_TABS.contribute)}&submit=video` },
        ]}
      />
      {isVideo ? <VideoForm /> : <ArticleForm onDone={onDone} />}
    </>
  )
}

/** 文章投稿: title, kind, plain-text content and up to 10 image or document attachments. */
function ArticleForm({ onDone }: { onDone: () => void }) {
  const add = useAddContribution()
  const throttle = useThrottledAction()
  const [title, setTitle] = useState('')
  const [kind, setKind] = useState<ContributionKind | ''>('')
  const [content, setContent] = useState('')
  const [items, setItems] = useState<Item[]>([])
  const [errors, setErrors] = useState<{ title?: string; kind?: string; content?: string; files?: string }>({})
  const fileInput = useRef<HTMLInputElement>(null)
  const itemsRef = useRef(items)
  useEffect(() => {
    itemsRef.current = items
  }, [items])

  // Leaving the tab cancels uploads still running and frees the previews.
  useEffect(
    () => () =>
      itemsRef.current.forEach((item) => {
        if (item.status === 'uploading') item.abort.abort()
        if (item.preview) URL.revokeObjectURL(item.preview)
      }),
    [],
  )

  const patchItem = (key: number, patch: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)))

  const startUpload = (file: File) => {
    const kind = uploadKindOf(file) as UploadKind
    const item: Item = {
      key: nextKey++,
      name: file.name,
      kind,
      preview: kind === 'image' ? URL.createObjectURL(file) : '',
      progress: 0,
      status: 'uploading',
      abort: new AbortController(),
    }
    setItems((current) => [...current, item])
    uploadFile(file, { kind, signal: item.abort.signal, onProgress: (progress) => patchItem(item.key, { progress }) }).then(
      (uploaded) => patchItem(item.key, { status: 'done', progress: 1, uploaded }),
      (error: Error) => {
        if (error.name !== 'AbortError') patchItem(item.key, { status: 'failed' })
      },
    )
  }

  const onPick = (files: FileList | null) => {
    const picked = Array.from(files ?? [])
    if (fileInput.current) fileInput.current.value = ''
    const room = MAX_ATTACHMENTS - items.length
    if (picked.length > room) showToast(`附件最多 ${MAX_ATTACHMENTS} 个，已忽略多出的文件`, 'info')
    for (const file of picked.slice(0, Math.max(0, room))) {
      const problem = uploadProblem(file, ['image', 'document'])
      if (problem) showToast(`${file.name}：${problem}`)
      else startUpload(file)
    }
    setErrors((current) => ({ ...current, files: undefined }))
  }

  const remove = (item: Item) => {
    if (item.status === 'uploading') item.abort.abort()
    if (item.preview) URL.revokeObjectURL(item.preview)
    setItems((current) => current.filter((other) => other.key !== item.key))
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const html = plainTextToHtml(content)
    const problems = {
      title: !title.trim() ? '请输入标题' : Array.from(title.trim()).length > TITLE_MAX ? `标题最多 ${TITLE_MAX} 个字` : undefined,
      kind: kind ? undefined : '请选择投稿类型',
      content: !html ? '请输入投稿内容' : Array.from(content).length > CONTENT_MAX ? `投稿内容最多 ${CONTENT_MAX} 个字` : undefined,
      files: items.some((item) => item.status === 'uploading')
        ? '附件正在上传，请稍候再提交'
        : items.some((item) => item.status === 'failed')
          ? '有附件上传失败，请移除后重新上传'
          : undefined,
    }
    setErrors(problems)
    if (focusFirstProblem('contribute', problems)) return
    if (add.isPending || !kind) return
    const attachmentIds = items.flatMap((item) => (item.uploaded ? [item.uploaded.id] : []))
    const payload = { title: title.trim(), kind, content: html, attachmentIds }
    throttle(JSON.stringify(payload), () =>
      add.mutate(payload, {
        onSuccess: () => {
          showToast('投稿成功，请等待审核', 'success')
          onDone()
        },
      }),
    )
  }

  return (
    <form className="uc-form uc-form--wide" onSubmit={onSubmit} noValidate>
      <TextField
        id="contribute-title"
        label="标题"
        maxLength={TITLE_MAX}
        placeholder="请输入投稿标题"
        value={title}
        onValueChange={(value) => {
          setTitle(value)
          setErrors((current) => ({ ...current, title: undefined }))
        }}
        error={errors.title}
      />
      <div className="form-field member-field">
        <label htmlFor="contribute-kind">投稿类型</label>
        <select
          id="contribute-kind"
          className="input"
          value={kind}
          aria-invalid={errors.kind ? true : undefined}
          aria-describedby={errors.kind ? 'contribute-kind-error' : undefined}
          onChange={(event) => {
            setKind(event.target.value as ContributionKind)
            setErrors((current) => ({ ...current, kind: undefined }))
          }}
        >
          <option value="">请选择投稿类型</option>
          {CONTRIBUTION_KINDS.map((value) => (
            <option key={value} value={value}>
              {CONTRIBUTION_KIND_TEXT[value]}
            </option>
          ))}
        </select>
        <FieldError id="contribute-kind-error" message={errors.kind} />
      </div>
      <div className="form-field member-field">
        <label htmlFor="contribute-content">投稿内容</label>
        <textarea
          id="contribute-content"
          className="input uc-textarea"
          rows={12}
          placeholder="请输入正文，段落之间空一行"
          value={content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? 'contribute-content-error contribute-content-hint' : 'contribute-content-hint'}
          onChange={(event) => {
            setContent(event.target.value)
            setErrors((current) => ({ ...current, content: undefined }))
          }}
        />
        <span id="contribute-content-hint" className="member-field__hint">
          已输入 {Array.from(content).length} / {CONTENT_MAX} 字，段落之间空一行
        </span>
        <FieldError id="contribute-content-error" message={errors.content} />
      </div>
      <div className="form-field member-field">
        <span className="uc-form__label-inline" id="contribute-files-label">
          附件
        </span>
        <div className="uc-files" role="group" aria-labelledby="contribute-files-label">
          {items.map((item) => (
            <div key={item.key} className={`uc-file uc-file--${item.status}`}>
              <span className="uc-file__thumb">
                {item.preview ? (
                  <img src={item.preview} alt={`附件预览：${item.name}`} />
                ) : (
                  <span aria-hidden="true">{item.name.split('.').pop()?.toUpperCase()}</span>
                )}
              </span>
              <span className="uc-file__body">
                <span className="uc-file__name line-clamp-1" title={item.name}>
                  {item.name}
                </span>
                {item.status === 'uploading' && (
                  <span
                    className="uc-file__bar"
                    role="progressbar"
                    aria-label={`${item.name} 上传进度`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(item.progress * 100)}
                  >
                    <span style={{ width: `${Math.round(item.progress * 100)}%` }} />
                  </span>
                )}
                <span className="uc-file__state">
                  {item.status === 'uploading'
                    ? `上传中 ${Math.round(item.progress * 100)}%`
                    : item.status === 'done'
                      ? '已上传'
                      : '上传失败'}
                </span>
              </span>
              <button type="button" className="uc-file__remove" aria-label={`移除附件 ${item.name}`} onClick={() => remove(item)}>
                ×
              </button>
            </div>
          ))}
          {items.length < MAX_ATTACHMENTS && (
            <button id="contribute-files" type="button" className="uc-files__add" onClick={() => fileInput.current?.click()}>
              <span aria-hidden="true">＋</span>
              添加附件
            </button>
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={`${UPLOAD_RULES.image.accept},${UPLOAD_RULES.document.accept}`}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="选择附件文件"
          onChange={(event) => onPick(event.target.files)}
        />
        <span className="member-field__hint">
          最多 {MAX_ATTACHMENTS} 个；图片支持 {UPLOAD_RULES.image.formats}（不超过 5MB），文档支持 {UPLOAD_RULES.document.formats}（不超过
          20MB）
        </span>
        <FieldError message={errors.files} />
      </div>
      <div className="uc-form__actions">
        <SubmitButton isPending={add.isPending} pendingText="提交中…">
          提交投稿
        </SubmitButton>
        <span className="member-field__hint">投稿提交后由编辑审核，审核结果可在「我的投稿」中查看</span>
      </div>
    </form>
  )
}
