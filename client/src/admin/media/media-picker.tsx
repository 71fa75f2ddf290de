import { Button, Modal } from 'antd'
import { useState } from 'react'
import { MediaBrowser, type MediaQuery } from './media-browser'
import { MediaUploadButton } from './media-upload-button'
import { MEDIA_KIND_LABELS, type MediaItem, type MediaKind } from './media-types'

type Props = { open: boolean; kind: MediaKind; onPick: (item: MediaItem) => void; onClose: () => void }

/** A modal over the media library: choose a file (double click picks at once) or upload a new one and pick it. */
export function MediaPicker({ open, kind, onPick, onClose }: Props) {
  const [query, setQuery] = useState<MediaQuery>({ page: 1, kind, keyword: '' })
  const [selected, setSelected] = useState<MediaItem | null>(null)
  const pick = (item: MediaItem) => {
    onPick(item)
    setSelected(null)
  }
  return (
    <Modal
      title={`从媒体库选择${MEDIA_KIND_LABELS[kind]}`}
      open={open}
      width={920}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!selected} onClick={() => selected && pick(selected)}>
          使用所选{MEDIA_KIND_LABELS[kind]}
        </Button>,
      ]}
    >
      <MediaBrowser
        query={query}
        onQueryChange={setQuery}
        kinds={[kind]}
        pageSize={12}
        selectedId={selected?.id ?? null}
        onSelect={setSelected}
        onOpen={pick}
        toolbar={
          <MediaUploadButton kinds={[kind]} label={`上传${MEDIA_KIND_LABELS[kind]}`} folder={query.folder} onUploaded={setSelected} />
        }
      />
    </Modal>
  )
}
