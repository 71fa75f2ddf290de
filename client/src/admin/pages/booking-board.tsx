// 看板: one column per state (Admin/bookingBoard). A card opens the booking; it moves by dragging it to
// another column (dnd-kit: pointer and keyboard) or through its 移动到… menu.
import { CalendarOutlined, EnvironmentOutlined, MoreOutlined, UserOutlined } from '@ant-design/icons'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core'
import { CSS } from '@dnd-kit/utilities'
import { Button, Dropdown, Empty, Skeleton } from 'antd'
import { BOOKING_MOVES, BOOKING_STATUS_TEXT, type BookingStatus } from '../../../../common/rules/booking'
import { OverdueTag, OverlapMark, STATUS_COLORS, type BoardColumn, type BookingRow } from './booking-shared'

export type MoveRequest = (row: BookingRow, status: BookingStatus) => void

const announcements = {
  onDragStart: () => '已拿起预约卡片，可用方向键移到其他状态列，空格键放下',
  onDragOver: ({ over }: { over: { id: string | number } | null }) =>
    over ? `在「${BOOKING_STATUS_TEXT[over.id as BookingStatus] ?? over.id}」列上方` : '',
  onDragEnd: ({ over }: { over: { id: string | number } | null }) =>
    over ? `已放到「${BOOKING_STATUS_TEXT[over.id as BookingStatus] ?? over.id}」` : '已放下',
  onDragCancel: () => '已取消移动',
}

/** 移动到…: the states this one may move to. */
export function MoveMenu({ row, onMove, isIconOnly = false }: { row: BookingRow; onMove: MoveRequest; isIconOnly?: boolean }) {
  const moves = BOOKING_MOVES[row.status]
  return (
    <Dropdown
      trigger={['click']}
      disabled={moves.length === 0}
      menu={{
        items: moves.map((status) => ({ key: status, label: BOOKING_STATUS_TEXT[status] })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation()
          onMove(row, key as BookingStatus)
        },
      }}
    >
      <Button
        type={isIconOnly ? 'text' : 'link'}
        size="small"
        icon={isIconOnly ? <MoreOutlined /> : undefined}
        aria-label={`移动「${row.referenceNo}」到…`}
        onClick={(event) => event.stopPropagation()}
        onPointerDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {isIconOnly ? null : '移动到…'}
      </Button>
    </Dropdown>
  )
}

function BookingCard({ row, onOpen, onMove }: { row: BookingRow; onOpen: (id: number) => void; onMove: MoveRequest }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: row.id, data: row })
  return (
    <article
      ref={setNodeRef}
      className={`bk-card${row.isOverdue ? ' is-overdue' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform) }}
      {...attributes}
      {...listeners}
      aria-roledescription="可拖动的预约卡片"
      aria-label={`${row.referenceNo} ${row.organization}`}
      onClick={() => onOpen(row.id)}
      onKeyDown={(event) => {
        listeners?.onKeyDown?.(event)
        if (event.key === 'Enter') onOpen(row.id)
      }}
    >
      <header className="bk-card__head">
        <span className="bk-card__ref">{row.referenceNo}</span>
        {row.hasOverlap && <OverlapMark />}
        <span className="bk-card__more">
          <MoveMenu row={row} onMove={onMove} isIconOnly />
        </span>
      </header>
      <div className="bk-card__org">{row.organization}</div>
      <div className="bk-card__teacher">
        {row.teacher ? row.teacher.name : <span className="adm-muted">未指定名师</span>}
        {row.typeName && <span className="bk-card__type">{row.typeName}</span>}
      </div>
      <ul className="bk-card__facts">
        <li>
          <CalendarOutlined aria-hidden /> {row.whenText || '时间待定'}
        </li>
        <li>
          <EnvironmentOutlined aria-hidden /> {row.placeText || '地点待定'}
        </li>
      </ul>
      <footer className="bk-card__foot">
        {row.isOverdue ? <OverdueTag /> : <span className="bk-card__contact">{row.contactName}</span>}
        <span className="bk-card__assignee" title="负责人">
          <UserOutlined aria-hidden /> {row.assignee?.nickname ?? '未分配'}
        </span>
      </footer>
    </article>
  )
}

function Column({ column, onOpen, onMove }: { column: BoardColumn; onOpen: (id: number) => void; onMove: MoveRequest }) {
  const { setNodeRef, isOver } = useDroppable({ id: column.status })
  return (
    <section
      ref={setNodeRef}
      className={`bk-column bk-column--${STATUS_COLORS[column.status]}${isOver ? ' is-over' : ''}`}
      aria-label={`${column.statusText}（${column.total}）`}
    >
      <header className="bk-column__head">
        <span className="bk-column__dot" aria-hidden />
        <span className="bk-column__title">{column.statusText}</span>
        <span className="bk-column__count">{column.total}</span>
      </header>
      <div className="bk-column__body">
        {column.items.length === 0 ? (
          <div className="bk-column__empty">暂无预约</div>
        ) : (
          column.items.map((row) => <BookingCard key={row.id} row={row} onOpen={onOpen} onMove={onMove} />)
        )}
        {column.total > column.items.length && (
          <div className="bk-column__more">
            仅显示最新 {column.items.length} 条，共 {column.total} 条，可切换到列表查看全部
          </div>
        )}
      </div>
    </section>
  )
}

// The column under the pointer; with the keyboard (no pointer) the column the card overlaps most.
const columnUnder: CollisionDetection = (args) => {
  const hits = pointerWithin(args)
  return hits.length > 0 ? hits : rectIntersection(args)
}

export function BookingBoard({
  columns,
  isLoading,
  error,
  onOpen,
  onMove,
}: {
  columns: BoardColumn[] | undefined
  isLoading: boolean
  error?: string
  onOpen: (id: number) => void
  onMove: MoveRequest
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Space picks a card up and puts it down; Enter stays "open the booking".
    useSensor(KeyboardSensor, { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] } }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const row = active.data.current as BookingRow | undefined
    if (!row || !over || over.id === row.status) return
    onMove(row, over.id as BookingStatus)
  }
  if (error) return <Empty description={error} />
  if (!columns) return isLoading ? <Skeleton active paragraph={{ rows: 8 }} /> : null
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnUnder}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: '按空格键拿起卡片，方向键移到其他状态列，再按空格键放下' } }}
    >
      <div className="bk-board" aria-busy={isLoading}>
        {columns.map((column) => (
          <Column key={column.status} column={column} onOpen={onOpen} onMove={onMove} />
        ))}
      </div>
    </DndContext>
  )
}
