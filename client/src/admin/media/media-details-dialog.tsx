import { AutoComplete, Form, Input, Modal } from 'antd'
import { useNotifyError } from '../ui/use-notify-error'
import { useMediaSave } from './media-api'
import type { MediaFolder, MediaItem } from './media-types'

type Values = { alt: string; folder: string }

/** Edits a file's alt text (what public pages say for it) and its folder. */
export function MediaDetailsDialog({ item, folders, onClose }: { item: MediaItem; folders: MediaFolder[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>()
  const save = useMediaSave()
  const notifyError = useNotifyError()
  const submit = (values: Values) =>
    save
      .mutateAsync({ id: item.id, alt: values.alt ?? '', folder: values.folder ?? '' })
      .then(onClose, (error: unknown) => notifyError(error, '保存失败'))

  return (
    <Modal
      open
      title={`文件信息：${item.name}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ alt: item.alt ?? '', folder: item.folder ?? '' }} onFinish={submit}>
        <Form.Item
          name="alt"
          label="替代文字"
          extra="图片无法显示或读屏软件朗读时的文字，公开页面显示这张图片时使用；留空则用内容标题。"
          rules={[{ max: 120, message: '替代文字不能超过 120 个字' }]}
        >
          <Input.TextArea rows={2} maxLength={120} showCount placeholder="如：张老师在党校讲台上授课" />
        </Form.Item>
        <Form.Item
          name="folder"
          label="文件夹"
          rules={[
            { max: 30, message: '文件夹名称不能超过 30 个字' },
            { pattern: /^[^/\\]*$/, message: '文件夹名称不能包含斜杠' },
          ]}
        >
          <AutoComplete
            allowClear
            placeholder="输入新文件夹或选择已有的"
            options={folders.map((folder) => ({ value: folder.name }))}
            filterOption={(input, option) => String(option?.value ?? '').includes(input)}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
