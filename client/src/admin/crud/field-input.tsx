import { Input, InputNumber, Select, Spin, Switch } from 'antd'
import { lazy, Suspense } from 'react'
import { MediaField } from '../media/media-field'
import { BeijingDateTimePicker } from '../ui/beijing-time'
import type { FieldSpec } from './entity-config'
import { RefListInput } from './ref-list-input'
import { RefSelect } from './ref-select'

// TipTap is the console's heaviest part: it loads when a form with rich text opens.
const RichTextEditor = lazy(() => import('../rich-text/rich-text-editor'))

type InputProps = { value?: unknown; onChange?: (value: unknown) => void; id?: string }

/** The Form.Item props a field kind needs beyond value/onChange (switches). */
export function itemPropsFor(field: FieldSpec) {
  if (field.kind === 'switch') return { valuePropName: 'checked' }
  return {}
}

/** The widget for one declared field; antd's Form.Item passes value, onChange and id. */
export function FieldInput({ field, ...passed }: InputProps & { field: FieldSpec }) {
  const placeholder = field.placeholder
  const props = field.isReadOnly ? { ...passed, disabled: true } : passed
  switch (field.kind) {
    case 'textarea':
      return (
        <Input.TextArea
          {...(props as object)}
          placeholder={placeholder}
          autoSize={{ minRows: 2, maxRows: 6 }}
          showCount
          maxLength={field.maxLength ?? 500}
        />
      )
    case 'number':
      return <InputNumber {...(props as object)} precision={0} style={{ width: '100%' }} placeholder={placeholder} />
    case 'switch':
      return <Switch {...(props as object)} checkedChildren="是" unCheckedChildren="否" />
    case 'date':
      // The seed format keeps dates as ISO strings with an offset (2026-12-01T09:00:00+08:00), entered in Beijing time.
      return <BeijingDateTimePicker {...(props as object)} />
    case 'select':
      return <Select {...(props as object)} options={field.options} placeholder={placeholder ?? '请选择'} />
    case 'ref':
      return <RefSelect {...(props as object)} {...field} placeholder={placeholder ?? `请选择${field.label}`} />
    case 'refList':
      return <RefListInput {...(props as object)} {...field} />
    case 'tags':
      return <RefSelect {...(props as object)} entity="tag" valueField="name" labelField="name" isMultiple placeholder="选择标签" />
    case 'image':
    case 'video':
      return <MediaField {...(props as object)} kind={field.kind} />
    case 'rich':
      return (
        <Suspense fallback={<Spin description="编辑器加载中…" />}>
          <RichTextEditor {...(props as object)} />
        </Suspense>
      )
    case 'slug':
      return <Input {...(props as object)} placeholder={placeholder ?? '如 zhang-san'} spellCheck={false} />
    case 'link':
      return <Input {...(props as object)} placeholder={placeholder ?? '/teacher 或 https://'} spellCheck={false} />
    default:
      return <Input {...(props as object)} placeholder={placeholder} />
  }
}
