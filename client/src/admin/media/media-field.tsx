import { DeleteOutlined, FolderOpenOutlined } from '@ant-design/icons'
import { Button, Space, Typography } from 'antd'
import { useState } from 'react'
import { MediaPicker } from './media-picker'
import { MediaThumb } from './media-thumb'
import type { MediaKind } from './media-types'

type Props = { value?: string; onChange?: (value: string) => void; kind: MediaKind; id?: string }

/** An image or video field: its current file and a way to pick another from the library. */
export function MediaField({ value, onChange, kind, id }: Props) {
  const [isPicking, setPicking] = useState(false)
  const name = value ? decodeURIComponent(value.split('/').pop() ?? value) : ''
  return (
    <div className="adm-media-field" id={id}>
      {value ? (
        <div className="adm-media-field__current">
          <MediaThumb item={{ kind, url: value, name }} size={kind === 'image' ? 96 : 56} />
          {kind !== 'image' && <Typography.Text ellipsis>{name}</Typography.Text>}
        </div>
      ) : (
        <div className="adm-media-field__empty">{kind === 'image' ? '未选择图片' : '未选择视频'}</div>
      )}
      <Space>
        <Button icon={<FolderOpenOutlined />} onClick={() => setPicking(true)}>
          {value ? '更换' : '从媒体库选择'}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')} aria-label="移除">
            移除
          </Button>
        )}
      </Space>
      <MediaPicker
        open={isPicking}
        kind={kind}
        onClose={() => setPicking(false)}
        onPick={(item) => {
          onChange?.(item.url)
          setPicking(false)
        }}
      />
    </div>
  )
}
