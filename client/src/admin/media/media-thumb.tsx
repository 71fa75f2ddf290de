import { FileTextOutlined, PlayCircleOutlined } from '@ant-design/icons'
import { mediaUrl } from '../../lib/api-client'
import type { MediaItem } from './media-types'

/** A square preview: the picture itself, or an icon for videos and documents. */
export function MediaThumb({ item, size = 120 }: { item: Pick<MediaItem, 'kind' | 'url' | 'name'>; size?: number }) {
  if (item.kind === 'image') {
    return <img className="adm-thumb" src={mediaUrl(item.url)} alt={item.name} loading="lazy" style={{ width: '100%', height: size }} />
  }
  const Icon = item.kind === 'video' ? PlayCircleOutlined : FileTextOutlined
  return (
    <div className={`adm-thumb adm-thumb--${item.kind}`} style={{ height: size }} aria-label={item.name}>
      <Icon />
    </div>
  )
}
