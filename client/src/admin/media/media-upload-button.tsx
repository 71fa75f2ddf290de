import { UploadOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Upload } from 'antd'
import { useLayoutEffect, useRef, useState } from 'react'
import { useResumableUpload } from '../../features/upload/hooks/use-resumable-upload'
import { useMediaUpload } from './media-api'
import { MediaVideoProgress } from './media-video-progress'
import './media-video-progress.css'
import { MEDIA_RULES, mediaKindOf, mediaProblem, type MediaItem, type MediaKind } from './media-types'

type Props = {
  kinds: readonly MediaKind[]
  onUploaded?: (item: MediaItem) => void
  label?: string
  /** The folder the library is showing: new files go into it. */
  folder?: string
}

type Settle = { onSuccess?: (body: unknown) => void; onError?: (error: Error) => void }

/**
 * Sends files into the library, refusing a wrong type or size before sending: images and documents
 * to Admin/mediaUpload, videos by tus (resumable after a dropped connection or a reload), one at a time.
 */
export function MediaUploadButton({ kinds, onUploaded, label = '上传文件', folder }: Props) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const upload = useMediaUpload()
  const [progress, setProgress] = useState<number | null>(null)
  // antd's own record of the video it handed over, settled when tus and the completion call are done.
  const settleVideo = useRef<Settle>({})
  const done = (item: MediaItem, name: string) => {
    message.success(item.isExisting ? `媒体库中已有相同文件「${item.name}」，已直接使用` : `已上传：${name}`)
    onUploaded?.(item)
  }
  const video = useResumableUpload<MediaItem>('media', {
    onDone: (item, file) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'media'] })
      done(item, file.name)
      settleVideo.current.onSuccess?.(item)
    },
    onRefused: (msg, file) => {
      message.error(`${file.name}：${msg}`)
      settleVideo.current.onError?.(new Error(msg))
    },
  })
  const shownVideo = video.upload && (video.upload.status !== 'failed' || video.upload.isResumable) ? video.upload : null
  const isVideoBusy = shownVideo !== null && shownVideo.status !== 'done'
  // antd hands over several picked files in one go, before the first video's state has rendered.
  const hasVideo = useRef(isVideoBusy)
  useLayoutEffect(() => {
    hasVideo.current = isVideoBusy
  }, [isVideoBusy])

  return (
    <div className="adm-upload-button">
      {isVideoBusy && (
        <MediaVideoProgress
          upload={shownVideo}
          onResume={video.resume}
          onCancel={() => {
            video.clear()
            settleVideo.current.onError?.(new Error('上传已取消'))
          }}
        />
      )}
      <Upload
        accept={kinds.map((kind) => MEDIA_RULES[kind].accept).join(',')}
        showUploadList={false}
        multiple
        beforeUpload={(file) => {
          const problem = mediaProblem(file, kinds)
          if (problem) message.error(`${file.name}：${problem}`)
          return problem ? Upload.LIST_IGNORE : true
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const chosen = file as File
          const kind = mediaKindOf(chosen.name) ?? kinds[0]
          if (kind === 'video') {
            if (hasVideo.current) {
              message.warning(`${chosen.name}：请等当前视频上传完成后再上传`)
              onError?.(new Error('busy'))
              return
            }
            hasVideo.current = true
            settleVideo.current = { onSuccess, onError }
            video.start(chosen, folder ? { folder } : undefined)
            return
          }
          setProgress(0)
          upload.mutate(
            { file: chosen, kind, folder, onProgress: setProgress },
            {
              onSuccess: (item) => {
                done(item, chosen.name)
                onSuccess?.(item)
              },
              onError: (error) => {
                message.error(`${chosen.name}：${error.message}`)
                onError?.(error)
              },
              onSettled: () => setProgress(null),
            },
          )
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} loading={progress !== null}>
          {progress === null ? label : `上传中 ${Math.round(progress * 100)}%`}
        </Button>
      </Upload>
    </div>
  )
}
