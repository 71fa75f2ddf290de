import { useEffect, useRef, useState } from 'react'
import { mediaUrl } from '../../../../lib/api-client'
import { showToast } from '../../../../lib/toast'
import { UPLOAD_RULES, uploadFile, uploadProblem } from '../../../upload'

type Props = { avatar: string; nickname: string; onUploaded: (url: string) => Promise<unknown> }

/** Shows the chosen picture at once, uploads it with progress, then saves it as the avatar. */
export function AvatarUpload({ avatar, nickname, onUploaded }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState('')
  const [progress, setProgress] = useState<number | null>(null)

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])

  const onPick = async (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    const problem = uploadProblem(file, ['image'])
    if (problem) {
      showToast(problem)
      return
    }
    setPreview(URL.createObjectURL(file))
    setProgress(0)
    try {
      const uploaded = await uploadFile(file, { kind: 'image', onProgress: setProgress })
      await onUploaded(uploaded.url)
      showToast('头像已更新', 'success')
    } catch {
      // The API client has shown why; fall back to the saved avatar.
      setPreview('')
    } finally {
      setProgress(null)
    }
  }

  const shown = preview || mediaUrl(avatar)
  return (
    <div className="avatar-upload">
      <span className="avatar-upload__image">
        {shown ? <img src={shown} alt={`${nickname || '会员'}的头像`} /> : <span aria-hidden="true">{(nickname || '会').slice(0, 1)}</span>}
        {progress !== null && (
          <span
            className="avatar-upload__progress"
            role="progressbar"
            aria-label="头像上传进度"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            {Math.round(progress * 100)}%
          </span>
        )}
      </span>
      <div className="avatar-upload__actions">
        <button type="button" className="btn btn--ghost" onClick={() => input.current?.click()} disabled={progress !== null}>
          {progress !== null ? '上传中…' : shown ? '更换头像' : '上传头像'}
        </button>
        <span className="avatar-upload__hint">支持 {UPLOAD_RULES.image.formats}，不超过 5MB</span>
        <input
          ref={input}
          type="file"
          accept={UPLOAD_RULES.image.accept}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="选择头像图片"
          onChange={(event) => void onPick(event.target.files?.[0])}
        />
      </div>
    </div>
  )
}
