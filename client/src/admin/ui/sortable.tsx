// Drag-to-reorder for table rows and plain lists (dnd-kit: pointer and keyboard, with announcements).
import { HolderOutlined } from '@ant-design/icons'
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Tooltip } from 'antd'
import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react'

type Id = string | number

const announcements = {
  onDragStart: () => '已拿起，可用方向键移动，空格键放下',
  onDragOver: () => '',
  onDragEnd: () => '已放下',
  onDragCancel: () => '已取消移动',
}

/** Wraps items that can be reordered; `onMove` receives the ids in their new order. */
export function SortableArea<T extends Id>({ ids, onMove, children }: { ids: T[]; onMove: (ids: T[]) => void; children: ReactNode }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = ids.indexOf(active.id as T)
    const to = ids.indexOf(over.id as T)
    if (from >= 0 && to >= 0) onMove(arrayMove(ids, from, to))
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: '按空格键拿起，方向键移动，再按空格键放下' } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  )
}

type HandleProps = {
  attributes: HTMLAttributes<HTMLElement>
  listeners: Record<string, unknown> | undefined
  setActivatorNodeRef: (el: HTMLElement | null) => void
}
const HandleContext = createContext<HandleProps | null>(null)

/** The grip a row is dragged by; with `disabledReason` it stays in place, greyed, and says why on hover. */
export function DragHandle({ label = '拖动排序', disabledReason }: { label?: string; disabledReason?: string }) {
  const handle = useContext(HandleContext)
  if (disabledReason)
    return (
      <Tooltip title={disabledReason}>
        {/* aria-disabled rather than disabled: a disabled button gets no hover, so no tooltip. */}
        <button type="button" className="adm-drag-handle is-disabled" aria-disabled="true" aria-label={`${label}（${disabledReason}）`}>
          <HolderOutlined />
        </button>
      </Tooltip>
    )
  return (
    <button
      type="button"
      className="adm-drag-handle"
      ref={handle?.setActivatorNodeRef}
      {...handle?.attributes}
      {...(handle?.listeners as HTMLAttributes<HTMLButtonElement>)}
      aria-label={label}
    >
      <HolderOutlined />
    </button>
  )
}

function useSortableItem(id: Id) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id })
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 9, background: '#e6f4ff', boxShadow: '0 4px 12px rgba(0,0,0,.12)' } : {}),
  }
  const handle = useMemo(() => ({ attributes, listeners, setActivatorNodeRef }), [attributes, listeners, setActivatorNodeRef])
  return { setNodeRef, style, handle }
}

/** A table row (antd Table `components.body.row`) that can be dragged by its <DragHandle />. */
export function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': Id }) {
  const { setNodeRef, style, handle } = useSortableItem(props['data-row-key'])
  return (
    <HandleContext value={handle}>
      <tr {...props} ref={setNodeRef} style={{ ...props.style, ...style }} />
    </HandleContext>
  )
}

/** A list item that can be dragged by its <DragHandle />. */
export function SortableItem({ id, children, className }: { id: Id; children: ReactNode; className?: string }) {
  const { setNodeRef, style, handle } = useSortableItem(id)
  return (
    <HandleContext value={handle}>
      <li ref={setNodeRef} style={style} className={className}>
        {children}
      </li>
    </HandleContext>
  )
}
