import { AppstoreOutlined, CalendarOutlined, DownloadOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { useMutation, useQuery } from '@tanstack/react-query'
import { App, Button, Card, Checkbox, DatePicker, Flex, Segmented, Select, Space, Tooltip, Typography, type TableColumnsType } from 'antd'
import dayjs from 'dayjs'
import { useMemo, useState } from 'react'
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { BOOKING_STATUSES, BOOKING_STATUS_TEXT, type BookingStatus } from '../../../../common/rules/booking'
import { childrenOf } from '../../../../common/regions/regions'
import { ADMINS } from '../../../../common/staff-roles'
import { formatDateTime } from '../../lib/date'
import { useMay } from '../access/staff'
import { adminAction, adminKey, useAdminQuery, type ListResult } from '../api/admin-client'
import { ListKeywordSearch } from '../ui/list-keyword-search'
import { PageContainer } from '../ui/page-container'
import { PagedTable, usePaging } from '../ui/paged-table'
import { useNotifyError } from '../ui/use-notify-error'
import { BookingBoard, MoveMenu } from './booking-board'
import { BookingDrawer } from './booking-drawer'
import { BookingMoveDialog, needsDialog, type MoveTarget } from './booking-move-dialog'
import {
  OverdueTag,
  OverlapMark,
  StatusTag,
  TeacherSelect,
  useMoveBooking,
  useCooperationTypes,
  type BoardColumn,
  type BookingFilters,
  type BookingRow,
} from './booking-shared'
import './booking-page.css'

type Exported = { name: string; mime: string; base64: string; rows: number }
type StaffRow = { id: number; nickname: string; role: string; disabledAt: string | null }

const provinces = childrenOf()
const isStatus = (value: string | null): value is BookingStatus => BOOKING_STATUSES.some((status) => status === value)
const positive = (value: string | null) => (value && Number(value) > 0 ? Number(value) : undefined)

/** The filters as the address holds them (shared links and Back show the same list). */
function useFilters() {
  const [search, setSearch] = useSearchParams()
  const filters: BookingFilters = {
    keyword: search.get('keyword') || undefined,
    status: isStatus(search.get('status')) ? (search.get('status') as BookingStatus) : undefined,
    teacherId: positive(search.get('teacherId')),
    typeId: positive(search.get('typeId')),
    provinceCode: search.get('province') || undefined,
    from: search.get('from') || undefined,
    to: search.get('to') || undefined,
    assigneeId: positive(search.get('assigneeId')),
    overdue: search.get('overdue') === '1' || undefined,
  }
  const update = (changes: Record<string, string | number | boolean | null | undefined>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      Object.entries(changes).forEach(([name, value]) =>
        value === undefined || value === null || value === '' || value === false ? next.delete(name) : next.set(name, String(value)),
      )
      if (!('page' in changes)) next.delete('page')
      return next
    })
  const clear = () =>
    setSearch((current) => {
      const next = new URLSearchParams()
      if (current.get('view')) next.set('view', current.get('view')!)
      return next
    })
  const isFiltered = Object.values(filters).some((value) => value !== undefined)
  return {
    filters,
    update,
    clear,
    isFiltered,
    view: search.get('view') === 'list' ? 'list' : 'board',
    teacherName: search.get('teacherName'),
  }
}

/**
 * Who may be chosen as assignee: admins read the staff list (working admins and sales); sales, who may
 * not, choose among the assignees of the requests they see.
 */
function useAssigneeOptions(rows: BookingRow[]) {
  const isAdmin = useMay(ADMINS)
  const staff = useQuery({
    queryKey: adminKey('staff', 'staffList', { page: 1, limit: 50 }),
    queryFn: () => adminAction<ListResult<StaffRow>>('staffList', { page: 1, limit: 50 }),
    enabled: isAdmin,
    staleTime: 60_000,
  })
  return useMemo(() => {
    const people = new Map<number, string>()
    for (const row of staff.data?.list ?? [])
      if ((row.role === 'admin' || row.role === 'sales') && !row.disabledAt) people.set(row.id, row.nickname)
    for (const row of rows) if (row.assignee) people.set(row.assignee.id, row.assignee.nickname)
    return [...people].map(([value, label]) => ({ value, label }))
  }, [staff.data, rows])
}

function Filters({
  state,
  assignees,
  isList,
}: {
  state: ReturnType<typeof useFilters>
  assignees: { value: number; label: string }[]
  isList: boolean
}) {
  const { filters, update, clear, isFiltered } = state
  const types = useCooperationTypes()
  return (
    <div className="bk-filters" role="search" aria-label="筛选预约">
      <ListKeywordSearch label="搜索预约" placeholder="单位、联系人、电话、编号或需求" className="bk-filters__keyword" />
      <TeacherSelect
        value={filters.teacherId}
        knownName={state.teacherName ?? undefined}
        onChange={(value) => update({ teacherId: value, teacherName: null })}
        placeholder="名师"
        style={{ width: 160 }}
      />
      <Select
        aria-label="合作类型"
        placeholder="合作类型"
        allowClear
        style={{ width: 140 }}
        value={filters.typeId}
        onChange={(value: number | undefined) => update({ typeId: value })}
        options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
      />
      <Select
        aria-label="授课地区"
        placeholder="授课地区"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 140 }}
        value={filters.provinceCode}
        onChange={(value: string | undefined) => update({ province: value })}
        options={provinces.map((province) => ({ value: province.code, label: province.name }))}
      />
      <DatePicker.RangePicker
        aria-label="期望日期"
        placeholder={['期望日期起', '期望日期止']}
        style={{ width: 250 }}
        value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
        onChange={(range) => update({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
      />
      <Select
        aria-label="负责人"
        placeholder="负责人"
        allowClear
        style={{ width: 120 }}
        value={filters.assigneeId}
        onChange={(value: number | undefined) => update({ assigneeId: value })}
        options={assignees}
      />
      {isList && (
        <Select
          aria-label="状态"
          placeholder="全部状态"
          allowClear
          style={{ width: 120 }}
          value={filters.status}
          onChange={(value: BookingStatus | undefined) => update({ status: value })}
          options={BOOKING_STATUSES.map((value) => ({ value, label: BOOKING_STATUS_TEXT[value] }))}
        />
      )}
      <Checkbox checked={filters.overdue ?? false} onChange={(event) => update({ overdue: event.target.checked ? 1 : null })}>
        只看超时未回复
      </Checkbox>
      {isFiltered && (
        <Button type="link" onClick={clear} style={{ paddingInline: 4 }}>
          清除筛选
        </Button>
      )}
    </div>
  )
}

function downloadBase64(name: string, mime: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  const url = URL.createObjectURL(new Blob([bytes], { type: mime }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** 预约管理: the requests to book a teacher, as a board by state or a filtered table, and each one's drawer. */
export function BookingPage() {
  const state = useFilters()
  const { filters, update } = state
  const isList = state.view === 'list'
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  const navigate = useNavigate()
  const location = useLocation()
  const params = useParams()
  const [search] = useSearchParams()
  const openId = Number(params['*']) || Number(search.get('id')) || null
  const paging = usePaging()
  const [moving, setMoving] = useState<{ target: MoveTarget; status: BookingStatus } | null>(null)
  const quickMove = useMoveBooking()

  const { status: _status, ...boardFilters } = filters
  const board = useAdminQuery<{ columns: BoardColumn[] }>('booking', 'bookingBoard', boardFilters, !isList)
  const list = useAdminQuery<ListResult<BookingRow>>(
    'booking',
    'bookingList',
    { ...filters, page: paging.page, limit: paging.pageSize },
    isList,
  )
  const seenRows = useMemo(
    () => (isList ? (list.data?.list ?? []) : (board.data?.columns ?? []).flatMap((column) => column.items)),
    [isList, list.data, board.data],
  )
  const assignees = useAssigneeOptions(seenRows)

  const open = (id: number) => navigate({ pathname: `/admin/booking/${id}`, search: withoutId(location.search) })
  const close = () => navigate({ pathname: '/admin/booking', search: withoutId(location.search) })
  // 已取消, 未成交 and 已确认 ask for a reason or the days; the other moves are one call.
  const requestMove = (row: BookingRow, status: BookingStatus) =>
    needsDialog(status) ? setMoving({ target: row, status }) : quickMove.mutate({ id: row.id, status })

  const exporting = useMutation({
    mutationFn: () => adminAction<Exported>('bookingExport', filters),
    onSuccess: (file) => {
      downloadBase64(file.name, file.mime, file.base64)
      void message.success(`已导出 ${file.rows} 条预约`)
    },
    onError: (error) => notifyError(error, '导出失败'),
  })

  const columns: TableColumnsType<BookingRow> = [
    {
      key: 'reference',
      title: '预约编号',
      width: 180,
      fixed: 'left',
      render: (_, row) => (
        <Space size={4} className="bk-nowrap">
          <Typography.Link onClick={() => open(row.id)} className="bk-ref">
            {row.referenceNo}
          </Typography.Link>
          {row.hasOverlap && <OverlapMark />}
        </Space>
      ),
    },
    {
      key: 'status',
      title: '状态',
      width: 150,
      render: (_, row) => (
        <Space size={4} wrap>
          <StatusTag status={row.status} />
          {row.isOverdue && <OverdueTag />}
        </Space>
      ),
    },
    {
      key: 'organization',
      title: '单位 / 联系人',
      width: 220,
      render: (_, row) => (
        <div>
          <div className="bk-cell-strong">{row.organization}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.contactName} {row.phone}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'teacher',
      title: '名师 / 合作类型',
      width: 140,
      render: (_, row) => (
        <div>
          <div>{row.teacher?.name ?? <span className="adm-muted">未指定名师</span>}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.typeName}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'when', title: '期望时间', width: 150, render: (_, row) => row.whenText || '—' },
    { key: 'place', title: '授课地点', width: 150, ellipsis: true, render: (_, row) => row.placeText || '—' },
    {
      key: 'assignee',
      title: '负责人',
      width: 100,
      render: (_, row) => row.assignee?.nickname ?? <span className="adm-muted">未分配</span>,
    },
    { key: 'createdAt', title: '提交时间', width: 150, render: (_, row) => formatDateTime(row.createdAt) },
    {
      key: 'actions',
      title: '操作',
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row.id)}>
            详情
          </Button>
          <MoveMenu row={row} onMove={requestMove} />
        </Space>
      ),
    },
  ]

  return (
    <PageContainer
      title="预约管理"
      description="前台「预约名师」「邀请授课」提交的预约。新预约请在 24 小时内联系，确认档期后预约人会收到通知。"
      extra={
        <Space wrap>
          <Link to="/admin/booking/calendar">
            <Button icon={<CalendarOutlined />}>档期日历</Button>
          </Link>
          <Tooltip title={isList ? '按当前筛选导出' : '按当前筛选导出（看板视图导出全部状态）'}>
            <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
              导出 Excel
            </Button>
          </Tooltip>
        </Space>
      }
    >
      <Card variant="borderless" className="adm-card bk-toolbar-card">
        <Flex justify="space-between" align="flex-start" gap={12} wrap>
          <Segmented
            aria-label="视图"
            value={state.view}
            // The board has a column per state: a state chosen in the table is dropped.
            onChange={(value) => update(value === 'list' ? { view: 'list' } : { view: null, status: null })}
            options={[
              { value: 'board', label: '看板', icon: <AppstoreOutlined /> },
              { value: 'list', label: '列表', icon: <UnorderedListOutlined /> },
            ]}
          />
          <Button
            type="text"
            icon={<ReloadOutlined />}
            aria-label="刷新"
            onClick={() => void (isList ? list.refetch() : board.refetch())}
            loading={isList ? list.isFetching : board.isFetching}
          />
        </Flex>
        <Filters state={state} assignees={assignees} isList={isList} />
      </Card>
      {isList ? (
        <Card variant="borderless" className="adm-card">
          <PagedTable<BookingRow>
            rowKey="id"
            columns={columns}
            list={list}
            paging={paging}
            unit="条预约"
            emptyText={state.isFiltered ? '没有符合筛选的预约' : '还没有预约'}
            rowClassName={(row) => (row.isOverdue ? 'bk-row--overdue' : '')}
          />
        </Card>
      ) : (
        <BookingBoard
          columns={board.data?.columns}
          isLoading={board.isFetching}
          error={board.isError ? board.error.message : undefined}
          onOpen={open}
          onMove={requestMove}
        />
      )}
      {openId && <BookingDrawer key={openId} id={openId} onClose={close} onOpen={open} />}
      {moving && <BookingMoveDialog booking={moving.target} target={moving.status} onClose={() => setMoving(null)} />}
    </PageContainer>
  )
}

function withoutId(search: string) {
  const next = new URLSearchParams(search)
  next.delete('id')
  const text = next.toString()
  return text ? `?${text}` : ''
}
