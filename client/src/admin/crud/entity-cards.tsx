// A content list on a phone: one card a record (picture, name, state, two facts, the row's buttons)
// instead of a table 1,000 px wide, with the same selection for the bulk bar and the same pager.
import { FileImageOutlined } from '@ant-design/icons'
import { Checkbox, Pagination, Spin, Typography, type TablePaginationConfig } from 'antd'
import type { ReactNode } from 'react'
import { mediaUrl } from '../../lib/api-client'
import { StateTag } from '../lifecycle/record-state'
import { EntityCell } from './entity-cells'
import type { ColumnSpec, EntityConfig } from './entity-config'

type Row = Record<string, unknown> & { id: number }
type Key = number | string

// Columns a card has no room for: long lists and links; the picture, name and flags have their own place.
const isFact = (column: ColumnSpec, config: EntityConfig) =>
  column.field !== config.labelField && !['image', 'tags', 'link', 'flags'].includes(column.render ?? '')

export function EntityCards({
  config,
  rows,
  rowKey,
  label,
  isLoading,
  emptyText,
  actionsOf,
  onOpen,
  selection,
  pagination,
}: {
  config: EntityConfig
  rows: Row[]
  rowKey: (row: Row) => Key
  label: (row: Row) => string
  isLoading: boolean
  emptyText: ReactNode
  actionsOf: (row: Row) => ReactNode
  onOpen: (row: Row) => void
  selection?: { rows: Row[]; onChange: (rows: Row[]) => void }
  pagination: TablePaginationConfig
}) {
  const image = config.columns.find((column) => column.render === 'image')
  const flags = config.columns.find((column) => column.render === 'flags')
  const facts = config.columns.filter((column) => isFact(column, config)).slice(0, 2)
  const selectedKeys = new Set(selection?.rows.map(rowKey))
  const isSelected = (row: Row) => selectedKeys.has(rowKey(row))
  const toggle = (row: Row, isOn: boolean) =>
    selection?.onChange(isOn ? [...selection.rows, row] : selection.rows.filter((chosen) => rowKey(chosen) !== rowKey(row)))
  const selectedCount = rows.filter(isSelected).length

  return (
    <Spin spinning={isLoading}>
      {selection && rows.length > 0 && (
        <div className="adm-cards__select-all">
          <Checkbox
            checked={selectedCount === rows.length}
            indeterminate={selectedCount > 0 && selectedCount < rows.length}
            onChange={(event) => selection.onChange(event.target.checked ? rows : [])}
          >
            全选本页
          </Checkbox>
        </div>
      )}
      {rows.length === 0 ? (
        <div className="adm-cards__empty">{isLoading ? null : emptyText}</div>
      ) : (
        <ul className="adm-cards" aria-label={`${config.title}列表`}>
          {rows.map((row) => (
            <li key={rowKey(row)} className={`adm-card-item${isSelected(row) ? ' is-selected' : ''}`}>
              <div className="adm-card-item__main">
                {selection && (
                  <Checkbox
                    className="adm-card-item__check"
                    checked={isSelected(row)}
                    onChange={(event) => toggle(row, event.target.checked)}
                    aria-label={`选择「${label(row)}」`}
                  />
                )}
                {image &&
                  (typeof row[image.field] === 'string' && row[image.field] ? (
                    <img className="adm-card-item__image" src={mediaUrl(row[image.field] as string)} alt="" loading="lazy" />
                  ) : (
                    <span className="adm-card-item__image adm-card-item__image--none" aria-hidden="true">
                      <FileImageOutlined />
                    </span>
                  ))}
                <div className="adm-card-item__body">
                  <Typography.Link strong className="adm-card-item__title" onClick={() => onOpen(row)}>
                    {label(row)}
                  </Typography.Link>
                  <div className="adm-card-item__tags">
                    {config.publishField && <StateTag row={row} config={config} />}
                    {flags?.flags?.some((flag) => row[flag.field]) && <EntityCell column={flags} value={undefined} row={row} />}
                  </div>
                  {facts.length > 0 && (
                    <div className="adm-card-item__facts">
                      {facts.map((column) => (
                        <span key={column.field}>
                          <span className="adm-card-item__fact-name">{column.title}</span>
                          <EntityCell column={column} value={row[column.field]} row={row} />
                        </span>
                      ))}
                    </div>
                  )}
                </div>
              </div>
              <div className="adm-card-item__actions">{actionsOf(row)}</div>
            </li>
          ))}
        </ul>
      )}
      {pagination.total ? <Pagination className="adm-pagination" {...pagination} /> : null}
    </Spin>
  )
}
