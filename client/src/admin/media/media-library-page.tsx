import { CopyOutlined, DeleteOutlined, LinkOutlined } from '@ant-design/icons'
import { App, Button, Card, Popconfirm, Popover, Tooltip } from 'antd'
import { useSearchParams } from 'react-router'
import { mediaUrl } from '../../lib/api-client'
import { PageContainer } from '../ui/page-container'
import { useNotifyError } from '../ui/use-notify-error'
import { useMediaDelete } from './media-api'
import { MediaBrowser, type MediaQuery } from './media-browser'
import { MediaUploadButton } from './media-upload-button'
import type { MediaItem, MediaKind } from './media-types'

const KINDS: MediaKind[] = ['image', 'video', 'document']

function WhereUsed({ item }: { item: MediaItem }) {
  const uses = item.usedBy ?? []
  if (uses.length === 0) return null
  return (
    <Popover
      title="引用位置"
      content={
        <ul style={{ margin: 0, paddingLeft: 18, maxWidth: 280 }}>
          {uses.map((use) => (
            <li key={`${use.entity}-${use.id}`}>{use.label}</li>
          ))}
        </ul>
      }
    >
      <Button type="text" size="small" icon={<LinkOutlined />} aria-label={`「${item.name}」的引用位置`} />
    </Popover>
  )
}

/** 媒体库: every uploaded file, its uses, upload and delete (refused while something uses the file). */
export function MediaLibraryPage() {
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  const remove = useMediaDelete()
  const [search, setSearch] = useSearchParams()
  const query: MediaQuery = {
    page: Math.max(1, Number(search.get('page')) || 1),
    kind: KINDS.find((kind) => kind === search.get('kind')),
    keyword: search.get('keyword') ?? '',
  }
  const setQuery = (next: MediaQuery) => {
    const params = new URLSearchParams()
    if (next.kind) params.set('kind', next.kind)
    if (next.keyword) params.set('keyword', next.keyword)
    if (next.page > 1) params.set('page', String(next.page))
    setSearch(params)
  }

  return (
    <PageContainer title="媒体库" description="上传的图片、视频和文档；每个图片和视频字段都从这里选择。被引用的文件不能删除。">
      <Card variant="borderless" className="adm-card">
        <MediaBrowser
          query={query}
          onQueryChange={setQuery}
          kinds={KINDS}
          toolbar={<MediaUploadButton kinds={KINDS} />}
          actions={(item) => (
            <span>
              <WhereUsed item={item} />
              <Tooltip title="复制链接">
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={`复制「${item.name}」的链接`}
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(new URL(mediaUrl(item.url), window.location.origin).href)
                      .then(() => message.success('链接已复制'))
                  }
                />
              </Tooltip>
              <Popconfirm
                title="删除文件"
                description={`确定删除「${item.name}」吗？`}
                okText="删除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutateAsync(item.id).then(
                    () => void message.success('文件已删除'),
                    (error: unknown) => notifyError(error, '无法删除'),
                  )
                }
              >
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除「${item.name}」`} />
              </Popconfirm>
            </span>
          )}
        />
      </Card>
    </PageContainer>
  )
}
