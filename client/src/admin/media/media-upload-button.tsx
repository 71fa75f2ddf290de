import { UploadOutlined } from '@ant-design/icons'
import { App, Button, Upload } from 'antd'
import { useState } from 'react'
import { useMediaUpload } from './media-api'
import { MEDIA_RULES, mediaKindOf, mediaProblem, type MediaItem, type MediaKind } from './media-types'

type Props = { kinds: readonly MediaKind[]; onUploaded?: (item: MediaItem) => void; label?: string }

/** Sends files to Admin/mediaUpload, one at a time, refusing a wrong type or size before sending. */
export function MediaUploadButton({ kinds, onUploaded, label = '上传文件' }: Props) {
  const { message } = App.useApp()
  const upload = useMediaUpload()
  const [progress, setProgress] = useState<number | null>(null)
  return (
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
        setProgress(0)
        upload.mutate(
          { file: chosen, kind: mediaKindOf(chosen.name) ?? kinds[0], onProgress: setProgress },
          {
            onSuccess: (item) => {
              message.success(item.isExisting ? `媒体库中已有相同文件「${item.name}」，已直接使用` : `已上传：${chosen.name}`)
              onSuccess?.(item)
              onUploaded?.(item)
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
  )
}
