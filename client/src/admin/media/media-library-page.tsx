import { CopyOutlined, DeleteOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons'
import { App, Button, Card, Popconfirm, Popover, Tooltip } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { mediaUrl } from '../../lib/api-client'
import { DELETERS, useMay } from '../access/staff'
import { PageContainer } from '../ui/page-container'
import { useNotifyError } from '../ui/use-notify-error'
import { useMediaDelete, useMediaList } from './media-api'
import { MediaBrowser, type MediaQuery } from './media-browser'
import { MediaDetailsDialog } from './media-details-dialog'
import { MediaUploadButton } from './media-upload-button'
import { mediaUseLink, type MediaItem, type MediaKind } from './media-types'

const KINDS: MediaKind[] = ['image', 'video', 'document']

function WhereUsed({ item }: { item: MediaItem }) {
  const uses = item.usedBy ?? []
  if (uses.length === 0) return null
  return (
    <Popover
      title={`被 ${uses.length} 项内容使用`}
      content={
        <ul style={{ margin: 0, paddingLeft: 18, maxWidth: 280 }}>
          {uses.map((use) => (
            <li key={`${use.entity}-${use.id}`}>
              <Link to={mediaUseLink(use)}>{use.label || String(use.id)}</Link>
            </li>
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
  // Editors never delete files (common/staff-roles.ts): the button is not there for them.
  const mayDelete = useMay(DELETERS)
  const [search, setSearch] = useSearchParams()
  const [editing, setEditing] = useState<MediaItem | null>(null)
  // The folder list for the dialog: the same query the browser's filter reads (the kept answer).
  const folders = useMediaList({ page: 1, limit: 18 }).data?.folders ?? []
  const query: MediaQuery = {
    page: Math.max(1, Number(search.get('page')) || 1),
    kind: KINDS.find((kind) => kind === search.get('kind')),
    keyword: search.get('keyword') ?? '',
    folder: search.get('folder') || undefined,
  }
  const setQuery = (next: MediaQuery) => {
    const params = new URLSearchParams()
    if (next.kind) params.set('kind', next.kind)
    if (next.keyword) params.set('keyword', next.keyword)
    if (next.folder) params.set('folder', next.folder)
    if (next.page > 1) params.set('page', String(next.page))
    setSearch(params)
  }

  return (
    <PageContainer
      title="媒体库"
      description="站点用到的全部图片、视频和文档（含演示数据和导入的文件）；每个图片和视频字段都从这里选择。相同内容只保存一份，被引用的文件不能删除。"
    >
      <Card variant="borderless" className="adm-card">
        <MediaBrowser
          query={query}
          onQueryChange={setQuery}
          kinds={KINDS}
          toolbar={<MediaUploadButton kinds={KINDS} folder={query.folder} />}
          actions={(item) => (
            <span>
              <WhereUsed item={item} />
              <Tooltip title="替代文字和文件夹">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`编辑「${item.name}」`}
                  onClick={() => setEditing(item)}
                />
              </Tooltip>
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
              {mayDelete && (
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
              )}
            </span>
          )}
        />
      </Card>
      {editing && <MediaDetailsDialog item={editing} folders={folders} onClose={() => setEditing(null)} />}
    </PageContainer>
  )
}
