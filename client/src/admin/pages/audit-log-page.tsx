import { Button, Card, DatePicker, Descriptions, Drawer, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { formatDateTime } from '../../lib/date'
import { useAdminQuery, type ListResult } from '../api/admin-client'
import { contentEntities } from '../entities/content-entities'
import { ListKeywordSearch } from '../ui/list-keyword-search'
import { PageContainer } from '../ui/page-container'
import { AuditDiff } from './audit-diff'
import { PagedTable, usePaging } from '../ui/paged-table'

export type AuditRow = {
  id: number
  staffId: number | null
  staffName: string
  action: string
  /** The action in words (保存名师, 发布课程); the server derives it from the content types. */
  actionText?: string
  entity: string
  entityId: string
  summary: string
  before: unknown
  after: unknown
  ip: string
  createdAt: string
}

// Entity words in Chinese: the content entities' own titles, then the people and system words.
const ENTITY_LABELS: Record<string, string> = {
  ...Object.fromEntries(contentEntities.map(({ config }) => [config.word, config.title])),
  config: '站点配置',
  menuSeo: '栏目 SEO',
  member: '会员',
  media: '媒体',
  contribution: '投稿',
  video: '视频',
  teacherVideoReview: '视频',
  inquiry: '合作咨询',
  booking: '名师预约',
  sensitiveWord: '敏感词',
  import: '导入',
  export: '导出',
}
const verbColor = (action: string) =>
  /Delete|Takedown|Disable|Reset/i.test(action)
    ? 'red'
    : /Publish|Schedule|Restore/i.test(action)
      ? 'green'
      : /Save|Sort|Role|Review/i.test(action)
        ? 'blue'
        : 'default'

/** Who wrote: the staff member's name; the scheduler and the command line by theirs (定时任务, 命令行). */
const staffOf = (row: Pick<AuditRow, 'staffId' | 'staffName'>) => row.staffName || (row.staffId ? `#${row.staffId}` : '系统')
const actionOf = (row: AuditRow) => row.actionText || row.action

/** 审计日志: every staff write, filterable, with its before/after; read-only by design. */
export function AuditLogPage() {
  const [search, setSearch] = useSearchParams()
  const paging = usePaging()
  const read = (name: string) => search.get(name) ?? undefined
  const filters = {
    entity: read('entity'),
    entityId: read('entityId'),
    action: read('action'),
    keyword: read('keyword'),
    from: read('from'),
    to: read('to'),
  }
  const params = { page: paging.page, limit: paging.pageSize, ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) }
  const list = useAdminQuery<ListResult<AuditRow>>('audit', 'auditList', params)
  const [open, setOpen] = useState<AuditRow | null>(null)
  const update = (changes: Record<string, string | null | undefined>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      Object.entries(changes).forEach(([name, value]) => (value ? next.set(name, value) : next.delete(name)))
      next.delete('page')
      return next
    })

  const columns: TableColumnsType<AuditRow> = [
    { key: 'createdAt', title: '时间', width: 160, render: (_, row) => formatDateTime(row.createdAt) },
    { key: 'staff', title: '操作人', width: 120, render: (_, row) => staffOf(row) },
    {
      key: 'action',
      title: '操作',
      width: 160,
      render: (_, row) => (
        <Tag color={verbColor(row.action)} title={row.action}>
          {actionOf(row)}
        </Tag>
      ),
    },
    {
      key: 'entity',
      title: '对象',
      width: 140,
      render: (_, row) => `${ENTITY_LABELS[row.entity] ?? row.entity}${row.entityId ? ` #${row.entityId}` : ''}`,
    },
    { key: 'summary', title: '摘要', dataIndex: 'summary', ellipsis: true },
    { key: 'ip', title: 'IP', width: 130, dataIndex: 'ip' },
    {
      key: 'detail',
      title: '',
      width: 90,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row)}>
          查看变更
        </Button>
      ),
    },
  ]

  return (
    <PageContainer title="审计日志" description="员工的每一次写操作：谁、何时、做了什么、改动前后的数据。日志只读，不能修改或删除。">
      <Card variant="borderless" className="adm-card">
        <div className="adm-toolbar">
          <Space wrap>
            <ListKeywordSearch label="搜索摘要" placeholder="搜索摘要或操作人" width={220} />
            <Select
              aria-label="对象类型"
              placeholder="全部对象"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 150 }}
              value={filters.entity}
              options={Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(value?: string) => update({ entity: value })}
            />
            <Input
              key={`i${filters.entityId ?? ''}`}
              aria-label="对象 ID"
              placeholder="对象 ID"
              allowClear
              defaultValue={filters.entityId}
              style={{ width: 110 }}
              onPressEnter={(event) => update({ entityId: event.currentTarget.value.trim() })}
              onBlur={(event) => update({ entityId: event.currentTarget.value.trim() })}
            />
            <Input
              key={`a${filters.action ?? ''}`}
              aria-label="操作"
              placeholder="操作，如 Admin/teacherSave"
              allowClear
              defaultValue={filters.action}
              style={{ width: 210 }}
              onPressEnter={(event) => update({ action: event.currentTarget.value.trim() })}
              onBlur={(event) => update({ action: event.currentTarget.value.trim() })}
            />
            <DatePicker.RangePicker
              aria-label="时间范围"
              value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
              onChange={(range) =>
                update({
                  from: range?.[0] ? range[0].startOf('day').format('YYYY-MM-DDTHH:mm:ssZ') : null,
                  to: range?.[1] ? range[1].endOf('day').format('YYYY-MM-DDTHH:mm:ssZ') : null,
                })
              }
            />
          </Space>
        </div>
        <PagedTable<AuditRow> rowKey="id" columns={columns} list={list} paging={paging} emptyText="没有符合条件的记录" />
      </Card>
      <Drawer open={open !== null} title="变更详情" size={800} onClose={() => setOpen(null)}>
        {open && (
          <>
            <Descriptions
              bordered
              size="small"
              column={2}
              items={[
                { key: 'time', label: '时间', children: formatDateTime(open.createdAt) },
                { key: 'staff', label: '操作人', children: staffOf(open) },
                {
                  key: 'action',
                  label: '操作',
                  children: (
                    <>
                      {actionOf(open)}{' '}
                      <Typography.Text type="secondary" code>
                        {open.action}
                      </Typography.Text>
                    </>
                  ),
                },
                {
                  key: 'entity',
                  label: '对象',
                  children: `${ENTITY_LABELS[open.entity] ?? open.entity}${open.entityId ? ` #${open.entityId}` : ''}`,
                },
                { key: 'summary', label: '摘要', span: 2, children: open.summary || '—' },
                { key: 'ip', label: 'IP', span: 2, children: open.ip || '—' },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 20 }}>
              数据变化
            </Typography.Title>
            <AuditDiff before={open.before} after={open.after} />
          </>
        )}
      </Drawer>
    </PageContainer>
  )
}
