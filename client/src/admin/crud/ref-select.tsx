import { Select } from 'antd'
import { useState } from 'react'
import type { RefSpec } from './entity-config'
import { useRefOptions, type RefOption } from './use-ref-options'

type Value = string | number
type Props = RefSpec & {
  value?: Value | Value[] | null
  onChange?: (value: Value | Value[] | null) => void
  isMultiple?: boolean
  placeholder?: string
  id?: string
  allowClear?: boolean
  style?: React.CSSProperties
}

/** Picks another record by its key (slug, tag name, type id); searchable for the large lists. */
export function RefSelect({ value, onChange, isMultiple = false, placeholder = '请选择', id, allowClear = true, style, ...ref }: Props) {
  const [keyword, setKeyword] = useState('')
  const { options, isLoading } = useRefOptions(ref, keyword)
  // A chosen record that the loaded page does not hold still shows, by its key.
  const chosen = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]
  const missing: RefOption[] = chosen
    .filter((key) => !options.some((option) => option.value === key))
    .map((key) => ({ value: key, label: String(key) }))
  return (
    <Select
      id={id}
      style={style}
      mode={isMultiple ? 'multiple' : undefined}
      value={value ?? (isMultiple ? [] : undefined)}
      onChange={(next: Value | Value[] | undefined) => onChange?.(next ?? null)}
      options={[...missing, ...options]}
      placeholder={placeholder}
      allowClear={allowClear}
      loading={isLoading}
      showSearch={
        ref.search
          ? { filterOption: false, onSearch: setKeyword }
          : { filterOption: (input, option) => String(option?.label ?? '').includes(input.trim()) }
      }
      onOpenChange={(open) => {
        if (!open) setKeyword('')
      }}
      notFoundContent={isLoading ? '加载中…' : '没有匹配的记录'}
    />
  )
}
