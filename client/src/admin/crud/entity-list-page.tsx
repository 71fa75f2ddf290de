import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  App,
  Button,
  Card,
  Dropdown,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tooltip,
  Typography,
  type TableColumnsType,
  type TableColumnType,
  type TableProps,
} from 'antd'
import { useMemo, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { adminAction, useAdminQuery, type ListResult } from '../api/admin-client'
import { ListKeywordSearch } from '../ui/list-keyword-search'
import { PageContainer } from '../ui/page-container'
import { DragHandle, SortableArea, SortableRow } from '../ui/sortable'
import { useNotifyError } from '../ui/use-notify-error'
import { EntityCell } from './entity-cells'
import type { ColumnSpec, EntityConfig, FilterSpec } from './entity-config'
import { EntityFormDrawer } from './entity-form-drawer'
import { RefSelect } from './ref-select'
import { TableEmpty } from '../ui/table-empty'
import { readPageSize, tablePagination } from '../ui/table-pagination'
import { useIsPhone } from '../ui/use-is-phone'
import { DELETERS, PUBLISHERS, useMay } from '../access/staff'
import { BulkBar } from '../lifecycle/bulk-bar'
import { useRecordLifecycle } from '../lifecycle/record-actions'
import { StateTag, isLive, stateOf } from '../lifecycle/record-state'
import { EntityCards } from './entity-cards'

type Row = Record<string, unknown> & { id: number }
type Key = number | string
type Sort = { field: string; order: 'asc' | 'desc' }

/** The order asked for in the address (`?sort=views&order=desc`), if the list may be ordered by that field. */
function readSort(config: EntityConfig, search: URLSearchParams): Sort | undefined {
  const field = search.get('sort')
  if (!field || !config.sortFields?.some((spec) => spec.field === field)) return undefined
  return { field, order: search.get('order') === 'desc' ? 'desc' : 'asc' }
}

const ORDER_WORDS = { asc: '升序', desc: '降序' } as const
type SortOrder = NonNullable<TableColumnType<Row>['sortOrder']>
const ASC_FIRST: SortOrder[] = ['ascend', 'descend']
const DESC_FIRST: SortOrder[] = ['descend', 'ascend']

/**
 * The whole list's order after one page was rearranged: the page's ids in their new order, at the
 * page's place (`start`) among all ids in display order; rows moved meanwhile keep their relative order.
 */
export function spliceOrder(all: number[], pageIds: number[], start: number): number[] {
  const others = all.filter((id) => !pageIds.includes(id))
  const before = all.slice(0, start).filter((id) => !pageIds.includes(id)).length
  return [...others.slice(0, before), ...pageIds, ...others.slice(before)]
}

/** A filter's value from the URL, typed back (true/false, a type id) so the server's schema accepts it. */
function readFilter(spec: FilterSpec, raw: string | null): unknown {
  if (raw === null || raw === '') return undefined
  if (spec.kind === 'select') return spec.options.find((option) => String(option.value) === raw)?.value
  return spec.valueField === 'id' ? Number(raw) : raw
}

/**
 * The list page every content entity shares: search, filters, pagination, state and publishing (one
 * by one or selected rows together), schedule, history, preview, drag order, delete.
 */
export function EntityListPage({ config }: { config: EntityConfig }) {
  const { message, modal } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const pageSize = readPageSize(search.get('size'))
  const sort = readSort(config, search)
  const isPhone = useIsPhone()
  const keyword = search.get('keyword') ?? ''
  const tab = config.tabs ? (search.get(config.tabs.name) ?? config.tabs.options[0].value) : undefined
  const filters = Object.fromEntries((config.filters ?? []).map((spec) => [spec.name, readFilter(spec, search.get(spec.name))]))
  const params = {
    page,
    limit: pageSize,
    ...(keyword ? { keyword } : {}),
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
    ...(config.tabs ? { [config.tabs.name]: tab } : {}),
    ...(sort ? { sort } : {}),
  }
  const list = useAdminQuery<ListResult<Row>>(config.word, `${config.word}List`, params)
  const editing = search.get('edit')
  const [order, setOrder] = useState<{ key: string; ids: number[] } | null>(null)

  const update = (changes: Record<string, string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(name)
        else next.set(name, value)
      }
      return next
    })

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })
  const remove = useMutation({ mutationFn: (row: Row) => adminAction<null>(`${config.word}Delete`, { id: row.id }), onSettled: refresh })
  const lifecycle = useRecordLifecycle(config)
  // Buttons the signed-in role could not use are not shown (the server refuses them anyway).
  const mayPublish = useMay(PUBLISHERS)
  const mayDelete = useMay(DELETERS)
  const [selected, setSelected] = useState<{ key: string; rows: Row[] }>({ key: '', rows: [] })
  // Sort gives the listed ids the highest places in order and leaves the rest alone, so the whole
  // scope (every row, or every banner of the tab) is sent with this page's new order spliced in.
  const reorder = useMutation({
    mutationFn: async (pageIds: number[]) => {
      const scope = config.tabs ? { [config.tabs.name]: tab } : {}
      const all: number[] = []
      for (let n = 1; ; n++) {
        const chunk = await adminAction<ListResult<Row>>(`${config.word}List`, { ...scope, page: n, limit: 100 })
        all.push(...chunk.list.map((row) => row.id))
        if (n * 100 >= chunk.total || chunk.list.length === 0) break
      }
      return adminAction<unknown>(`${config.word}Sort`, { ids: spliceOrder(all, pageIds, (page - 1) * pageSize) })
    },
    onSettled: refresh,
  })

  const keyField = config.keyField ?? 'id'
  const keyOf = (row: Row) => row[keyField] as Key
  const rows = list.data?.list ?? []
  const listKey = JSON.stringify(params)
  const shownIds = order?.key === listKey ? order.ids : rows.map((row) => row.id)
  const shownRows =
    order?.key === listKey ? shownIds.map((id) => rows.find((row) => row.id === id)).filter((row): row is Row => Boolean(row)) : rows
  // Dragging reorders the whole list, so not while a search or filter shows only part of it; and it
  // places rows in the default order, so while a column orders the list the handles stay, greyed.
  // A phone shows cards without handles: dragging is for the desktop.
  const canReorder =
    Boolean(config.isSortable) &&
    !isPhone &&
    !keyword &&
    Object.values(filters).every((value) => value === undefined) &&
    (list.data?.total ?? 0) <= 1000
  const canDrag = canReorder && !sort
  const sortLabel = sort && config.sortFields?.find((spec) => spec.field === sort.field)?.label
  const dragBlocked = sort ? `已按「${sortLabel}」排序，恢复默认顺序后才能拖动` : undefined
  const editingKey: Key | 'new' | null = editing === null ? null : editing === 'new' ? 'new' : keyField === 'id' ? Number(editing) : editing
  const defaults = useMemo(() => (config.tabs && tab ? { [config.tabs.name]: tab } : undefined), [config.tabs, tab])

  const label = (row: Row) => String(row[config.labelField] ?? row.slug ?? row.id)
  // Rows with a 更多 menu keep 删除 in it (after a line, in red): the 操作 column stays narrow enough
  // for the list to fit beside the menu at 1440 px.
  const hasMore = Boolean(config.publishField) && keyField === 'id'
  const deleteRow = (row: Row) =>
    remove.mutateAsync(row).then(
      () => void message.success(`已删除「${label(row)}」`),
      (error: unknown) => notifyError(error, '无法删除'),
    )
  const confirmDelete = (row: Row) =>
    modal.confirm({
      title: `删除${config.title}`,
      content: `确定删除「${label(row)}」吗？删除后不可恢复。`,
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => deleteRow(row),
    })
  const actionsOf = (row: Row): ReactNode => (
    <Space size={0} wrap={isPhone}>
      <Button
        type="link"
        size="small"
        icon={isPhone ? <EditOutlined /> : undefined}
        onClick={() => update({ edit: String(keyOf(row)) })}
        aria-label={`编辑「${label(row)}」`}
      >
        编辑
      </Button>
      {config.publishField &&
        mayPublish &&
        (isLive(stateOf(row, config)) ? (
          <Popconfirm
            title={`下线「${label(row)}」？`}
            description="下线后前台将不再显示。"
            okText="下线"
            cancelText="取消"
            onConfirm={() => lifecycle.setLive(row, false)}
          >
            <Button type="link" size="small" loading={lifecycle.isPublishing(row)} aria-label={`下线「${label(row)}」`}>
              下线
            </Button>
          </Popconfirm>
        ) : (
          <Button
            type="link"
            size="small"
            loading={lifecycle.isPublishing(row)}
            onClick={() => lifecycle.setLive(row, true)}
            aria-label={`发布「${label(row)}」`}
          >
            发布
          </Button>
        ))}
      {config.publicPath && !config.publishField && (
        <Tooltip title="在前台查看">
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            href={config.publicPath(row) ?? undefined}
            target="_blank"
            aria-label={`查看「${label(row)}」`}
          />
        </Tooltip>
      )}
      {!config.isFixedSet && mayDelete && !hasMore && (
        <Popconfirm
          title={`删除${config.title}`}
          description={`确定删除「${label(row)}」吗？删除后不可恢复。`}
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => deleteRow(row)}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`删除「${label(row)}」`}>
            删除
          </Button>
        </Popconfirm>
      )}
      {hasMore && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              ...(mayPublish ? [{ key: 'schedule', label: '定时发布', onClick: () => lifecycle.schedule(row) }] : []),
              { key: 'history', label: '历史版本', onClick: () => lifecycle.history(row) },
              ...(lifecycle.hasPreview ? [{ key: 'preview', label: '预览', onClick: () => void lifecycle.preview(row) }] : []),
              ...(!config.isFixedSet && mayDelete
                ? [
                    { type: 'divider' as const },
                    { key: 'delete', label: '删除', danger: true, icon: <DeleteOutlined />, onClick: () => confirmDelete(row) },
                  ]
                : []),
            ],
          }}
        >
          <Button type="link" size="small" aria-label={`更多操作「${label(row)}」`}>
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  )

  // The on/off flags (热门 精品 首页视频) sit under the name rather than in a 标记 column of their own,
  // and long text and tag columns are held to a width, so that a list fits beside the menu at 1440 px
  // with nothing under the fixed 状态 and 操作 columns.
  const flagsColumn = config.columns.find((column) => column.render === 'flags')
  const hasFlag = (row: Row) => (flagsColumn?.flags ?? []).some((flag) => row[flag.field])
  const tableColumns = config.columns.filter((column) => column !== flagsColumn)
  const fittedWidth = (column: ColumnSpec) =>
    column.render === 'image'
      ? 64
      : column.field === config.labelField
        ? (column.width ?? 168)
        : column.render === 'tags'
          ? Math.min(column.width ?? 140, 140)
          : !column.render
            ? Math.min(column.width ?? 120, 120)
            : column.width
  const columns: TableColumnsType<Row> = [
    ...(canReorder
      ? [
          {
            key: 'drag',
            width: 32,
            align: 'center' as const,
            render: (_: unknown, row: Row) => <DragHandle label={`拖动「${label(row)}」排序`} disabledReason={dragBlocked} />,
          },
        ]
      : []),
    ...tableColumns.map((column) => ({
      key: column.field,
      title: column.title,
      dataIndex: column.field,
      width: fittedWidth(column),
      // Not antd's one-line ellipsis: under `max-content` a cell that never wraps widens its column to
      // the whole text. Plain text wraps at the column's width instead, two lines at most (admin.css).
      // Ordered on the server (the whole list, not this page); text A→Z first, numbers and dates highest first.
      ...(column.isSortable
        ? {
            sorter: true,
            sortOrder: sort?.field === column.field ? (sort.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
            sortDirections: column.field === config.labelField ? ASC_FIRST : DESC_FIRST,
          }
        : {}),
      render: (value: unknown, row: Row) =>
        column.field === config.labelField ? (
          <>
            <Typography.Link strong onClick={() => update({ edit: String(keyOf(row)) })}>
              {label(row)}
            </Typography.Link>
            {flagsColumn && hasFlag(row) && (
              <div className="adm-cell-flags">
                <EntityCell column={flagsColumn} value={undefined} row={row} />
              </div>
            )}
          </>
        ) : !column.render ? (
          <span className="adm-cell-clamp" title={typeof value === 'string' ? value : undefined}>
            <EntityCell column={column} value={value} row={row} />
          </span>
        ) : (
          <EntityCell column={column} value={value} row={row} />
        ),
    })),
    ...(config.publishField
      ? [
          {
            key: 'state',
            title: '状态',
            width: 112,
            // Fixed beside 操作, so wide tables never scroll it out of view at 1280-1440 px.
            fixed: 'right' as const,
            render: (_: unknown, row: Row) => <StateTag row={row} config={config} />,
          },
        ]
      : []),
    {
      key: 'actions',
      title: '操作',
      width: hasMore ? 160 : config.publicPath ? 140 : 128,
      fixed: 'right',
      render: (_: unknown, row: Row) => actionsOf(row),
    },
  ]

  const onTableChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter, { action }) => {
    if (action !== 'sort') return
    const [chosen] = Array.isArray(sorter) ? sorter : [sorter]
    const field = chosen?.order ? String(chosen.columnKey) : null
    update({ sort: field, order: field && chosen.order === 'descend' ? 'desc' : null, page: null })
  }
  const pagination = tablePagination({
    page,
    total: list.data?.total,
    onChange: (next, size) => update({ page: next === 1 ? null : String(next), size: size === 20 ? null : String(size) }),
    pageSize,
    isSizeChangeable: true,
    isCompact: isPhone,
  })

  const hasFilters = Boolean(keyword) || Object.values(filters).some((value) => value !== undefined)
  const clearFilters = () =>
    update({ keyword: null, page: null, ...Object.fromEntries((config.filters ?? []).map((spec) => [spec.name, null])) })
  const emptyText = list.isError ? (
    <TableEmpty text={list.error.message} />
  ) : hasFilters ? (
    <TableEmpty text={`没有符合条件的${config.title}`}>
      <Button size="small" onClick={clearFilters}>
        清除筛选
      </Button>
    </TableEmpty>
  ) : (
    <TableEmpty text={`还没有${config.title}`} />
  )
  // Selection belongs to the rows on screen: another page, search or tab starts it again.
  const selectedRows = selected.key === listKey ? selected.rows : []
  const canSelect = (Boolean(config.publishField) && mayPublish) || (!config.isFixedSet && mayDelete)

  const table = isPhone ? (
    <EntityCards
      config={config}
      rows={shownRows}
      rowKey={keyOf}
      label={label}
      isLoading={list.isFetching || reorder.isPending}
      emptyText={emptyText}
      actionsOf={actionsOf}
      onOpen={(row) => update({ edit: String(keyOf(row)) })}
      selection={canSelect ? { rows: selectedRows, onChange: (rows) => setSelected({ key: listKey, rows }) } : undefined}
      pagination={pagination}
    />
  ) : (
    <Table<Row>
      className="adm-entity-table"
      size="middle"
      rowKey={keyField}
      columns={columns}
      dataSource={shownRows}
      loading={list.isFetching || reorder.isPending}
      scroll={{ x: 'max-content' }}
      components={canDrag ? { body: { row: SortableRow } } : undefined}
      locale={{ emptyText }}
      onChange={onTableChange}
      showSorterTooltip={{ target: 'sorter-icon' }}
      rowSelection={
        canSelect
          ? {
              selectedRowKeys: selectedRows.map(keyOf),
              onChange: (_keys, rows) => setSelected({ key: listKey, rows }),
              columnWidth: 32,
            }
          : undefined
      }
      pagination={pagination}
    />
  )

  return (
    <PageContainer
      title={`${config.title}管理`}
      description={
        canDrag
          ? '拖动行首的把手调整前台显示顺序'
          : sort
            ? `按「${sortLabel}」${ORDER_WORDS[sort.order]}显示${config.isSortable ? '；恢复默认顺序后可拖动调整前台显示顺序' : ''}`
            : undefined
      }
      extra={
        !config.isFixedSet && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => update({ edit: 'new' })}>
            新建{config.title}
          </Button>
        )
      }
    >
      <Card variant="borderless" className="adm-card">
        {config.tabs && (
          <Tabs
            activeKey={tab}
            items={config.tabs.options.map((option) => ({ key: option.value, label: option.label }))}
            onChange={(key) => update({ [config.tabs!.name]: key, page: null })}
          />
        )}
        <div className="adm-toolbar">
          <Space wrap className="adm-toolbar__fields">
            <ListKeywordSearch label={`搜索${config.title}`} placeholder={`搜索${config.searchHint}`} width={isPhone ? '100%' : 260} />
            {(config.filters ?? []).map((spec) =>
              spec.kind === 'select' ? (
                <Select
                  key={spec.name}
                  aria-label={spec.label}
                  placeholder={`全部${spec.label}`}
                  allowClear
                  style={{ width: isPhone ? '100%' : 140 }}
                  value={filters[spec.name] as string | undefined}
                  options={spec.options.map((option) => ({ value: option.value as string, label: option.label }))}
                  onChange={(value: unknown) => update({ [spec.name]: value === undefined ? null : String(value), page: null })}
                />
              ) : (
                <RefSelect
                  key={spec.name}
                  {...spec}
                  placeholder={`全部${spec.label}`}
                  style={{ width: isPhone ? '100%' : 180 }}
                  value={(filters[spec.name] as string | number | undefined) ?? null}
                  onChange={(value) => update({ [spec.name]: value === null ? null : String(value), page: null })}
                />
              ),
            )}
            {/* A phone has no column headers to click: the order is chosen here. */}
            {isPhone && (config.sortFields?.length ?? 0) > 0 && (
              <Select
                aria-label="排序"
                style={{ width: '100%' }}
                virtual={false}
                value={sort ? `${sort.field}:${sort.order}` : ''}
                options={[
                  { value: '', label: '默认顺序' },
                  ...(config.sortFields ?? []).flatMap((spec) =>
                    (['asc', 'desc'] as const).map((order) => ({
                      value: `${spec.field}:${order}`,
                      label: `${spec.label}${ORDER_WORDS[order]}`,
                    })),
                  ),
                ]}
                onChange={(value: string) => {
                  const [field, order] = value ? value.split(':') : [null, null]
                  update({ sort: field, order: order === 'desc' ? 'desc' : null, page: null })
                }}
              />
            )}
          </Space>
          {sort && (
            <Button icon={<UndoOutlined />} onClick={() => update({ sort: null, order: null, page: null })}>
              恢复默认顺序
            </Button>
          )}
        </div>
        {selectedRows.length > 0 && (
          <BulkBar
            config={config}
            rows={selectedRows}
            label={label}
            onClear={() => setSelected({ key: '', rows: [] })}
            onDone={() => {
              setSelected({ key: '', rows: [] })
              void refresh()
            }}
          />
        )}
        {canDrag ? (
          <SortableArea
            ids={shownIds}
            onMove={(ids) => {
              setOrder({ key: listKey, ids })
              reorder.mutate(ids, {
                onSuccess: () => void message.success('顺序已保存'),
                onError: (error) => {
                  setOrder(null)
                  notifyError(error)
                },
              })
            }}
          >
            {table}
          </SortableArea>
        ) : (
          table
        )}
      </Card>
      {lifecycle.dialogs}
      {editingKey !== null && (
        <EntityFormDrawer config={config} recordKey={editingKey} defaults={defaults} onClose={() => update({ edit: null })} />
      )}
    </PageContainer>
  )
}
