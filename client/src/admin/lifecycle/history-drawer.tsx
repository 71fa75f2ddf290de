import { HistoryOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Drawer, Modal, Popconfirm, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { useAdminQuery, type ListResult } from '../api/admin-client'
import type { EntityConfig } from '../crud/entity-config'
import { AuditDiff } from '../pages/audit-diff'
import { formatBeijing } from '../ui/beijing-time'
import { TableEmpty } from '../ui/table-empty'
import { restoreRevision, type Revision, type RevisionDetail } from './lifecycle-api'

const LIMIT = 10
type Target = { id: number; label: string }

/** 历史版本: who changed the record when and what, a version against the current record, and 恢复此版本. */
export function HistoryDrawer({ config, target, onClose }: { config: EntityConfig; target: Target; onClose: () => void }) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [compared, setCompared] = useState<number | null>(null)
  const revisions = useAdminQuery<ListResult<Revision>>(config.word, `${config.word}Revisions`, { id: target.id, page, limit: LIMIT })
  const restore = useMutation({
    mutationFn: (version: number) => restoreRevision(config.word, target.id, version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
  const fieldLabel = (name: string) => config.fields.find((field) => field.name === name)?.label ?? name

  const columns: TableColumnsType<Revision> = [
    { key: 'version', title: '版本', width: 64, render: (_, row) => <Tag>v{row.version}</Tag> },
    {
      key: 'who',
      title: '修改人 / 时间',
      width: 150,
      render: (_, row) => (
        <>
          <div>{row.staffName || '—'}</div>
          <Typography.Text type="secondary">{formatBeijing(row.createdAt)}</Typography.Text>
        </>
      ),
    },
    {
      key: 'summary',
      title: '说明',
      render: (_, row) => (
        <>
          <div>{row.summary}</div>
          {row.fields.length > 0 && (
            <div className="adm-revision-fields">
              {row.fields.map((name) => (
                <Tag key={name} color="blue">
                  {fieldLabel(name)}
                </Tag>
              ))}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 170,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setCompared(row.version)} aria-label={`对比版本 v${row.version}`}>
            与当前对比
          </Button>
          <Popconfirm
            title={`恢复到版本 v${row.version}？`}
            description="当前内容会被该版本替换（当前内容仍保留在历史中），发布状态不变。"
            okText="恢复"
            cancelText="取消"
            onConfirm={() =>
              restore.mutateAsync(row.version).then(
                () => void message.success(`已恢复「${target.label}」到版本 v${row.version}`),
                (error: unknown) => void message.error((error as Error).message),
              )
            }
          >
            <Button type="link" size="small" aria-label={`恢复版本 v${row.version}`}>
              恢复此版本
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]

  return (
    <Drawer
      open
      title={
        <Space>
          <HistoryOutlined />
          {`历史版本「${target.label}」`}
        </Space>
      }
      size={720}
      onClose={onClose}
      destroyOnHidden
    >
      <Table<Revision>
        rowKey="version"
        size="small"
        columns={columns}
        dataSource={revisions.data?.list ?? []}
        loading={revisions.isFetching}
        locale={{ emptyText: <TableEmpty text={revisions.isError ? revisions.error.message : '还没有历史版本'} /> }}
        pagination={{
          current: page,
          pageSize: LIMIT,
          total: revisions.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          size: 'small',
        }}
      />
      {compared !== null && <CompareDialog config={config} target={target} version={compared} onClose={() => setCompared(null)} />}
    </Drawer>
  )
}

function CompareDialog({
  config,
  target,
  version,
  onClose,
}: {
  config: EntityConfig
  target: Target
  version: number
  onClose: () => void
}) {
  const detail = useAdminQuery<RevisionDetail>(config.word, `${config.word}Revision`, { id: target.id, version })
  return (
    <Modal open title={`版本 v${version} 与当前内容对比`} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      {detail.isError ? (
        <TableEmpty text={detail.error.message} />
      ) : !detail.data ? (
        <Spin description="加载中…">
          <div style={{ height: 160 }} />
        </Spin>
      ) : (
        <AuditDiff before={detail.data.record} after={detail.data.current} titles={[`版本 v${version}`, '当前']} />
      )}
    </Modal>
  )
}
