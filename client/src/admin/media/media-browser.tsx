import { CheckCircleFilled } from '@ant-design/icons'
import { Empty, Input, Pagination, Segmented, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd'
import type { ReactNode } from 'react'
import { formatDate } from '../../lib/date'
import { formatFileSize } from '../../lib/text'
import { useMediaList, type MediaListParams } from './media-api'
import { MediaThumb } from './media-thumb'
import { MEDIA_KIND_LABELS, type MediaItem, type MediaKind } from './media-types'

export type MediaQuery = { page: number; kind?: MediaKind; keyword: string; folder?: string }

type Props = {
  query: MediaQuery
  onQueryChange: (query: MediaQuery) => void
  /** Kinds offered in the filter; one kind hides the filter. */
  kinds: readonly MediaKind[]
  toolbar?: ReactNode
  selectedId?: number | null
  onSelect?: (item: MediaItem) => void
  onOpen?: (item: MediaItem) => void
  actions?: (item: MediaItem) => ReactNode
  pageSize?: number
}

/** The library as a searchable grid of thumbnails: the media page and the picker both show it. */
export function MediaBrowser({ query, onQueryChange, kinds, toolbar, selectedId, onSelect, onOpen, actions, pageSize = 18 }: Props) {
  const params: MediaListParams = {
    page: query.page,
    limit: pageSize,
    kind: query.kind,
    keyword: query.keyword || undefined,
    folder: query.folder,
  }
  const media = useMediaList(params)
  const kindOptions = [{ value: '', label: '全部' }, ...kinds.map((kind) => ({ value: kind, label: MEDIA_KIND_LABELS[kind] }))]

  return (
    <div className="adm-media">
      <div className="adm-toolbar">
        <Space wrap>
          {kinds.length > 1 && (
            <Segmented
              aria-label="文件类型"
              options={kindOptions}
              value={query.kind ?? ''}
              onChange={(value) => onQueryChange({ ...query, page: 1, kind: (value || undefined) as MediaKind | undefined })}
            />
          )}
          <Input.Search
            aria-label="搜索文件名"
            placeholder="搜索文件名或替代文字"
            allowClear
            defaultValue={query.keyword}
            onSearch={(keyword) => onQueryChange({ ...query, page: 1, keyword: keyword.trim() })}
            style={{ width: 240 }}
          />
          <Select
            aria-label="文件夹"
            placeholder="全部文件夹"
            allowClear
            value={query.folder}
            onChange={(folder?: string) => onQueryChange({ ...query, page: 1, folder })}
            options={(media.data?.folders ?? []).map((folder) => ({ value: folder.name, label: `${folder.name}（${folder.count}）` }))}
            style={{ minWidth: 160 }}
          />
        </Space>
        <Space>{toolbar}</Space>
      </div>
      <Spin spinning={media.isFetching}>
        {media.isError ? (
          <Empty description={media.error.message} />
        ) : media.data && media.data.list.length === 0 ? (
          <Empty description={query.keyword || query.folder ? '没有匹配的文件' : '媒体库还是空的，先上传一些文件吧'} />
        ) : (
          <ul className="adm-media__grid" aria-label="媒体文件">
            {(media.data?.list ?? []).map((item) => {
              const isSelected = item.id === selectedId
              const uses = item.usedBy?.length ?? 0
              return (
                <li
                  key={item.id}
                  className={`adm-media__item${isSelected ? ' is-selected' : ''}${onSelect ? ' is-selectable' : ''}`}
                  aria-selected={onSelect ? isSelected : undefined}
                  tabIndex={onSelect ? 0 : undefined}
                  onClick={() => onSelect?.(item)}
                  onDoubleClick={() => onOpen?.(item)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') onOpen?.(item)
                    if (event.key === ' ') {
                      event.preventDefault()
                      onSelect?.(item)
                    }
                  }}
                >
                  <div className="adm-media__preview">
                    <MediaThumb item={item} />
                    {isSelected && <CheckCircleFilled className="adm-media__check" aria-hidden />}
                  </div>
                  <div className="adm-media__meta">
                    <Tooltip title={item.alt ? `${item.name}：${item.alt}` : item.name}>
                      <Typography.Text className="adm-media__name" ellipsis>
                        {item.name}
                      </Typography.Text>
                    </Tooltip>
                    <div className="adm-media__info">
                      <span>{formatFileSize(item.size)}</span>
                      <span>{formatDate(item.createdAt)}</span>
                    </div>
                    <div className="adm-media__foot">
                      {uses > 0 ? <Tag color="blue">被 {uses} 项内容使用</Tag> : <Tag>未使用</Tag>}
                      {actions?.(item)}
                    </div>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </Spin>
      {media.data && media.data.total > pageSize && (
        <Pagination
          className="adm-pagination"
          current={query.page}
          pageSize={pageSize}
          total={media.data.total}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 个文件`}
          onChange={(page) => onQueryChange({ ...query, page })}
        />
      )}
    </div>
  )
}
