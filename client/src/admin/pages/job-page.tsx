import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { App, Button, Card, Popconfirm, Progress, Segmented, Tag, Tooltip, Typography, type TableColumnsType } from 'antd'
import { useSearchParams } from 'react-router'
import { formatDateTime } from '../../lib/date'
import { adminAction, useAdminQuery, type ListResult } from '../api/admin-client'
import { ADMIN_ONLY, useMay } from '../access/staff'
import { PageContainer } from '../ui/page-container'
import { PagedTable, usePaging } from '../ui/paged-table'

type JobState = 'queued' | 'running' | 'done' | 'failed'

export type JobRow = {
  id: number
  kind: string
  kindText: string
  subject: string
  state: JobState
  stateText: string
  percent: number
  attempts: number
  maxAttempts: number
  error: string
  runAt: string
  createdAt: string
  finishedAt: string | null
  isStalled: boolean
}
type JobList = ListResult<JobRow> & { counts: Partial<Record<JobState, number>> }

const STATE_COLOR: Record<JobState, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' }
const TABS: { value: JobState | 'all'; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'running', label: '进行中' },
  { value: 'queued', label: '排队中' },
  { value: 'failed', label: '失败' },
  { value: 'done', label: '已完成' },
]
// A running transcode moves its percent every 10 s: the list follows while anything runs or waits.
const REFRESH_MS = 5_000

/** 后台任务: the durable jobs (video transcoding) with their state, progress and failures; admins run one again. */
export function JobPage() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [search, setSearch] = useSearchParams()
  const paging = usePaging()
  const mayRerun = useMay(ADMIN_ONLY)
  const state = (search.get('state') as JobState | null) ?? undefined
  const list = useAdminQuery<JobList>('job', 'jobList', { page: paging.page, limit: paging.pageSize, ...(state ? { state } : {}) })
  const counts = list.data?.counts ?? {}
  const isBusy = (counts.running ?? 0) + (counts.queued ?? 0) > 0
  useAutoRefresh(isBusy, () => void queryClient.invalidateQueries({ queryKey: ['admin', 'job'] }))
  const rerun = useMutation({
    mutationFn: (id: number) => adminAction('jobRerun', { id }),
    onSuccess: () => {
      void message.success('已重新排队')
      void queryClient.invalidateQueries({ queryKey: ['admin', 'job'] })
    },
    onError: (error) => void message.error(error.message),
  })

  const columns: TableColumnsType<JobRow> = [
    { key: 'id', title: '编号', width: 64, dataIndex: 'id' },
    { key: 'kind', title: '类型', width: 90, dataIndex: 'kindText' },
    // The table scrolls to max-content: long paths and reasons are cut inside their cells, so 重新执行 stays in view.
    {
      key: 'subject',
      title: '对象',
      width: 200,
      render: (_, row) => (
        <Typography.Text code ellipsis={{ tooltip: row.subject }} style={{ maxWidth: 180 }}>
          {row.subject || '—'}
        </Typography.Text>
      ),
    },
    {
      key: 'state',
      title: '状态',
      width: 160,
      render: (_, row) =>
        row.state === 'running' ? (
          <Tooltip title={row.isStalled ? '执行进程已无响应，租约到期后由其他进程接手' : undefined}>
            <Progress
              percent={row.percent}
              size="small"
              status={row.isStalled ? 'exception' : 'active'}
              aria-label={`进度 ${row.percent}%`}
            />
          </Tooltip>
        ) : (
          <Tag color={STATE_COLOR[row.state]}>{row.stateText}</Tag>
        ),
    },
    { key: 'attempts', title: '尝试', width: 64, render: (_, row) => `${row.attempts}/${row.maxAttempts}` },
    {
      key: 'error',
      title: '原因',
      width: 200,
      render: (_, row) =>
        row.error ? (
          <Typography.Text
            type={row.state === 'failed' ? 'danger' : 'secondary'}
            ellipsis={{ tooltip: row.error }}
            style={{ maxWidth: 180 }}
          >
            {row.error}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { key: 'createdAt', title: '创建时间', width: 150, render: (_, row) => formatDateTime(row.createdAt) },
    {
      key: 'action',
      title: '',
      width: 96,
      render: (_, row) =>
        mayRerun && (row.state === 'failed' || row.state === 'done') ? (
          <Popconfirm title="从头重新执行这个任务？" okText="重新执行" cancelText="取消" onConfirm={() => rerun.mutate(row.id)}>
            <Button type="link" size="small" loading={rerun.isPending && rerun.variables === row.id}>
              重新执行
            </Button>
          </Popconfirm>
        ) : null,
    },
  ]

  return (
    <PageContainer
      title="后台任务"
      description="视频转码、告警推送等在后台执行的任务：排队、进度、失败原因。失败的任务会自动重试（转码 3 次、告警推送 5 次），之后可由管理员重新执行。"
    >
      <Card variant="borderless" className="adm-card">
        <div className="adm-toolbar">
          <Segmented
            aria-label="任务状态"
            value={state ?? 'all'}
            options={TABS.map(({ value, label }) => ({
              value,
              label: value === 'all' || !counts[value] ? label : `${label} ${counts[value]}`,
            }))}
            onChange={(value) =>
              setSearch((current) => {
                const next = new URLSearchParams(current)
                if (value === 'all') next.delete('state')
                else next.set('state', String(value))
                next.delete('page')
                return next
              })
            }
          />
        </div>
        <PagedTable<JobRow> rowKey="id" columns={columns} list={list} paging={paging} emptyText="没有后台任务" />
      </Card>
    </PageContainer>
  )
}

/** Calls `refresh` every REFRESH_MS while `isOn`. */
function useAutoRefresh(isOn: boolean, refresh: () => void) {
  const latest = useRef(refresh)
  useEffect(() => {
    latest.current = refresh
  })
  useEffect(() => {
    if (!isOn) return
    const timer = setInterval(() => latest.current(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [isOn])
}
