import { CloseOutlined, ReloadOutlined } from '@ant-design/icons'
import { Button, Progress, Space, Typography } from 'antd'
import { formatSentSize, type ResumableUploadState } from '../../features/upload/hooks/use-resumable-upload'
import { formatFileSize } from '../../lib/text'
import './media-video-progress.css'

type Props = { upload: ResumableUploadState<unknown>; onResume: () => void; onCancel: () => void }

// The percentage is the Progress bar's own; the line beside it says how fast and how long.
function stateText(upload: ResumableUploadState<unknown>) {
  if (upload.status !== 'uploading') return upload.error ?? '上传已暂停'
  if (upload.isCompleting) return '上传完成，正在处理…'
  return upload.pace ? `${upload.pace.speed} · ${upload.pace.left}` : '上传中…'
}

/** A video on its way into the library by tus: progress, speed and time left, 继续上传 after a drop, and 取消上传. */
export function MediaVideoProgress({ upload, onResume, onCancel }: Props) {
  const { file, status } = upload
  const percent = Math.floor(upload.progress * 100)
  const canResume = upload.isResumable && status !== 'uploading'
  return (
    <div className="adm-video-upload" role="group" aria-label={`视频上传：${file.name}`}>
      <div className="adm-video-upload__head">
        <Typography.Text className="adm-video-upload__name" ellipsis={{ tooltip: file.name }}>
          {file.name}
        </Typography.Text>
        <Typography.Text type="secondary" className="adm-video-upload__size">
          {`${formatSentSize(upload.sent)} / ${formatFileSize(upload.total)}`}
        </Typography.Text>
      </div>
      <Progress
        percent={percent}
        size="small"
        status={status === 'uploading' ? 'active' : status === 'failed' ? 'exception' : 'normal'}
        aria-label={`${file.name} 上传进度`}
      />
      <div className="adm-video-upload__foot">
        <Typography.Text type={status === 'paused' ? 'warning' : status === 'failed' ? 'danger' : 'secondary'}>
          {stateText(upload)}
        </Typography.Text>
        <Space size={0}>
          {canResume && (
            <Button size="small" type="link" icon={<ReloadOutlined />} onClick={onResume}>
              继续上传
            </Button>
          )}
          <Button size="small" type="text" icon={<CloseOutlined />} onClick={onCancel}>
            取消上传
          </Button>
        </Space>
      </div>
      {status === 'uploading' && upload.resumedFrom ? (
        <Typography.Text type="secondary" className="adm-video-upload__note">
          {`已从 ${Math.floor(upload.resumedFrom * 100)}% 继续上传`}
        </Typography.Text>
      ) : null}
    </div>
  )
}
