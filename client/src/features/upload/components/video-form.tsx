import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { FieldError } from '../../../components/ui/field-error'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { paths, USER_TABS } from '../../../config/paths'
import { ApiError } from '../../../lib/api-client'
import { focusFirstProblem } from '../../../lib/focus-first-problem'
import { showToast } from '../../../lib/toast'
import { useThrottledAction } from '../../../lib/use-throttled-action'
import { parsePositiveInt } from '../../../lib/use-page-param'
import { useAddTeacherVideo, useTeacherOptions } from '../api/teacher-video'
import { sizeLimitText, UPLOAD_RULES, uploadProblem } from '../api/upload-file'
import { useResumableUpload } from '../hooks/use-resumable-upload'
import type { UploadResult } from '../types'
import { VideoTeacherPicker } from './video-teacher-picker'
import { useSingleUpload, VideoUploadField } from './video-upload-field'
import './video-submission.css'

// The server's limits (upload.schemas.ts); zod counts UTF-16 units, as `maxLength` does.
export const VIDEO_TITLE_MAX = 100
export const VIDEO_INTRO_MAX = 500
export const VIDEO_SUBMITTED_TEXT = '视频已提交，审核通过后将在名师页面展示'
/** Where a submitted video is followed: 我的投稿 > 视频. */
export const MY_VIDEOS_PATH = `${paths.user(USER_TABS.contributions)}&list=video`

type Field = 'teacher' | 'title' | 'intro' | 'file' | 'cover'
type Problems = Partial<Record<Field, string>>

// Server refusals that belong to one field (docs/API.md "Teacher/addTeacherVideo").
const FIELD_OF_MESSAGE: [RegExp, Field][] = [
  [/名师/, 'teacher'],
  [/标题/, 'title'],
  [/简介/, 'intro'],
  [/视频文件/, 'file'],
  [/封面/, 'cover'],
]

/** Tab 7, 视频投稿: a lecture video for a teacher's page, reviewed before it is shown. */
export function VideoForm() {
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const teachers = useTeacherOptions()
  const add = useAddTeacherVideo()
  const throttle = useThrottledAction()
  // The video goes by tus, so a dropped connection or a reload continues it; the small cover stays multipart.
  const video = useResumableUpload<UploadResult>('teacher-video')
  const cover = useSingleUpload('image')
  // ?teacherId=N comes from a teacher's page ("投稿讲课视频").
  const [teacherId, setTeacherId] = useState<number | null>(() => parsePositiveInt(search.get('teacherId'), 0) || null)
  const [title, setTitle] = useState('')
  const [intro, setIntro] = useState('')
  const [errors, setErrors] = useState<Problems>({})
  const fix = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }))

  // A link to a teacher that is gone (or never was) leaves the choice to the member.
  const isUnknownTeacher = teacherId !== null && teachers.data !== undefined && !teachers.data.some((t) => t.id === teacherId)
  if (isUnknownTeacher) {
    setTeacherId(null)
    setErrors((current) => ({ ...current, teacher: '链接中的名师不存在或已下架，请重新选择' }))
  }

  const pick = (field: 'file' | 'cover', file: File) => {
    const problem = uploadProblem(file, [field === 'file' ? 'video' : 'image'])
    setErrors((current) => ({ ...current, [field]: problem ?? undefined }))
    if (problem) return
    if (field === 'file') video.start(file)
    else cover.start(file)
  }

  const reset = () => {
    setTitle('')
    setIntro('')
    setErrors({})
    video.clear()
    cover.clear()
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const trimmedTitle = title.trim()
    const problems: Problems = {
      teacher: teacherId ? undefined : '请选择讲课名师',
      title: !trimmedTitle ? '请输入视频标题' : trimmedTitle.length > VIDEO_TITLE_MAX ? `视频标题最多 ${VIDEO_TITLE_MAX} 个字` : undefined,
      intro: intro.trim().length > VIDEO_INTRO_MAX ? `视频简介最多 ${VIDEO_INTRO_MAX} 个字` : undefined,
      file: !video.upload
        ? '请选择要上传的 mp4 视频'
        : video.upload.status === 'uploading'
          ? '视频正在上传，请稍候再提交'
          : video.upload.status === 'paused'
            ? '视频上传已暂停，请点击「继续上传」'
            : video.upload.status === 'failed'
              ? video.upload.isResumable
                ? '视频上传失败，请继续上传或移除后重新选择'
                : '视频上传失败，请重新选择'
              : undefined,
      cover:
        cover.upload?.status === 'uploading'
          ? '封面正在上传，请稍候再提交'
          : cover.upload?.status === 'failed'
            ? '封面上传失败，请重新选择或移除'
            : undefined,
    }
    setErrors(problems)
    if (focusFirstProblem('video', problems)) return
    const videoUploadId = video.upload?.uploaded?.id
    if (add.isPending || !teacherId || !videoUploadId) return
    const payload = { teacherId, title: trimmedTitle, intro: intro.trim(), videoUploadId, coverUploadId: cover.upload?.uploaded?.id }
    throttle(JSON.stringify(payload), () =>
      add.mutate(payload, {
        onSuccess: () => {
          showToast(VIDEO_SUBMITTED_TEXT, 'success')
          reset()
          navigate(MY_VIDEOS_PATH)
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_MESSAGE.find(([pattern]) => pattern.test(error.message))?.[1] : undefined
          if (!field) {
            showToast(error.message || '提交失败，请稍后重试')
            return
          }
          setErrors({ [field]: error.message })
          focusFirstProblem('video', { [field]: error.message })
        },
      }),
    )
  }

  return (
    <form className="uc-form uc-form--wide vt-form" onSubmit={onSubmit} noValidate aria-label="视频投稿">
      <VideoTeacherPicker
        id="video-teacher"
        teachers={teachers.data}
        isLoading={teachers.isPending}
        loadError={teachers.isError ? teachers.error.message : undefined}
        onRetry={() => teachers.refetch()}
        value={teacherId}
        onChange={(id) => {
          setTeacherId(id)
          fix('teacher')
        }}
        error={errors.teacher}
      />
      <TextField
        id="video-title"
        label="视频标题"
        maxLength={VIDEO_TITLE_MAX}
        placeholder="例如：新时代基层治理的实践与思考（第一讲）"
        value={title}
        onValueChange={(value) => {
          setTitle(value)
          fix('title')
        }}
        error={errors.title}
        hint={`${title.trim().length} / ${VIDEO_TITLE_MAX}`}
      />
      <div className="form-field member-field">
        <label htmlFor="video-intro">
          视频简介<span className="vt-optional">（选填）</span>
        </label>
        <textarea
          id="video-intro"
          className="input uc-textarea vt-intro"
          rows={4}
          maxLength={VIDEO_INTRO_MAX}
          placeholder="简要介绍讲课内容、授课对象和时间地点"
          value={intro}
          aria-invalid={errors.intro ? true : undefined}
          aria-describedby={errors.intro ? 'video-intro-error video-intro-hint' : 'video-intro-hint'}
          onChange={(event) => {
            setIntro(event.target.value)
            fix('intro')
          }}
        />
        <FieldError id="video-intro-error" message={errors.intro} />
        <span id="video-intro-hint" className="member-field__hint">
          {intro.trim().length} / {VIDEO_INTRO_MAX}
        </span>
      </div>
      <VideoUploadField
        id="video-file"
        kind="video"
        label="讲课视频"
        hint={`仅支持 ${UPLOAD_RULES.video.formats} 格式，不超过 ${sizeLimitText(UPLOAD_RULES.video.maxSize)}；选择后立即上传，可随时取消，网络中断后可继续上传`}
        upload={video.upload}
        onPick={(file) => pick('file', file)}
        onRemove={() => {
          video.clear()
          fix('file')
        }}
        onResume={() => {
          video.resume()
          fix('file')
        }}
        error={errors.file}
      />
      <VideoUploadField
        id="video-cover"
        kind="image"
        label="封面图片（选填）"
        hint={`建议 16:9，支持 ${UPLOAD_RULES.image.formats}，不超过 5MB；不上传时使用默认封面`}
        upload={cover.upload}
        onPick={(file) => pick('cover', file)}
        onRemove={() => {
          cover.clear()
          fix('cover')
        }}
        error={errors.cover}
      />
      <div className="uc-form__actions">
        <SubmitButton isPending={add.isPending} pendingText="提交中…">
          提交视频
        </SubmitButton>
        <span className="member-field__hint">视频经管理员审核通过后展示在名师页面，审核结果可在「我的投稿 › 视频」中查看</span>
      </div>
    </form>
  )
}
