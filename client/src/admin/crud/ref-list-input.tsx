import { CloseOutlined } from '@ant-design/icons'
import { Button, Empty } from 'antd'
import type { RefSpec } from './entity-config'
import { RefSelect } from './ref-select'
import { useRefLabels } from './use-ref-options'
import { DragHandle, SortableArea, SortableItem } from '../ui/sortable'

type Key = string | number
type Props = RefSpec & { value?: Key[]; onChange?: (value: Key[]) => void; id?: string; itemName?: string }

/** An ordered list of references (a topic's courses): add by search, drag to reorder, remove. */
export function RefListInput({ value = [], onChange, id, itemName = '课程', ...ref }: Props) {
  const labels = useRefLabels(ref)
  return (
    <div className="adm-ref-list" id={id}>
      <RefSelect
        {...ref}
        value={null}
        placeholder={`搜索并添加${itemName}`}
        allowClear={false}
        onChange={(key) => {
          if (key !== null && !Array.isArray(key) && !value.includes(key)) onChange?.([...value, key])
        }}
      />
      {value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`还没有${itemName}`} />
      ) : (
        <SortableArea ids={value} onMove={(ids) => onChange?.(ids)}>
          <ol className="adm-ref-list__items">
            {value.map((key, index) => (
              <SortableItem key={key} id={key} className="adm-ref-list__item">
                <DragHandle label={`拖动「${labels.get(key) ?? key}」`} />
                <span className="adm-ref-list__index">{index + 1}</span>
                <span className="adm-ref-list__label">{labels.get(key) ?? key}</span>
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={`移除「${labels.get(key) ?? key}」`}
                  onClick={() => onChange?.(value.filter((item) => item !== key))}
                />
              </SortableItem>
            ))}
          </ol>
        </SortableArea>
      )}
    </div>
  )
}
