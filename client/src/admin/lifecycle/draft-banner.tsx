// The notice over a published record's form while a draft of its next version waits: who saved it
// and when, and what can be done with it (预览草稿, 发布草稿, 丢弃草稿). The form below shows the draft.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Popconfirm, Space } from 'antd'
import { PUBLISHERS, useMay } from '../access/staff'
import type { EntityConfig } from '../crud/entity-config'
import { formatBeijing } from '../ui/beijing-time'
import { useNotifyError } from '../ui/use-notify-error'
import { discardDraft, openPreview, publishDraft, type Draft } from './lifecycle-api'

type Props = {
  config: EntityConfig
  draft: Draft
  /** Unsaved edits in the form: publishing or discarding acts on the saved draft, so they wait. */
  isDirty: boolean
  /** After the draft went live or away: the form starts again from the live record. */
  onSettled: () => void
}

export function DraftBanner({ config, draft, isDirty, onSettled }: Props) {
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const mayPublish = useMay(PUBLISHERS)
  const id = draft.record.id
  const settle = (text: string) => () => {
    void message.success(text)
    void queryClient.invalidateQueries({ queryKey: ['admin'] })
    onSettled()
  }
  const publish = useMutation({ mutationFn: () => publishDraft(config.word, id), onSuccess: settle('草稿已发布，线上已更新') })
  const discard = useMutation({ mutationFn: () => discardDraft(config.word, id), onSuccess: settle('草稿已丢弃') })
  const savedBy = draft.staffName ? `由 ${draft.staffName} ` : ''
  const waitHint = isDirty ? '请先保存草稿' : undefined

  return (
    <Alert
      className="adm-draft-banner"
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title="正在编辑尚未发布的草稿"
      description={`${savedBy}于 ${formatBeijing(draft.draftAt)}（北京时间）保存。线上仍是当前发布的版本，发布草稿后才会更新。`}
      action={
        <Space orientation="vertical" size={6}>
          {config.publicPath && (
            <Button
              size="small"
              onClick={() => void openPreview(config.word, id, { draft: true }).catch((error: unknown) => notifyError(error, '无法预览'))}
            >
              预览草稿
            </Button>
          )}
          {mayPublish && (
            <Popconfirm
              placement="bottomRight"
              title="发布这份草稿？"
              description="线上内容将替换为草稿，并记为一个新版本。"
              okText="发布"
              cancelText="取消"
              onConfirm={() => publish.mutateAsync().catch((error: unknown) => notifyError(error, '发布失败'))}
              disabled={isDirty}
            >
              <Button size="small" type="primary" loading={publish.isPending} disabled={isDirty} title={waitHint}>
                发布草稿
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            placement="bottomRight"
            title="丢弃这份草稿？"
            description="草稿中的修改将无法找回，线上内容不变。"
            okText="丢弃"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => discard.mutateAsync().catch((error: unknown) => notifyError(error, '丢弃失败'))}
          >
            <Button size="small" danger loading={discard.isPending}>
              丢弃草稿
            </Button>
          </Popconfirm>
        </Space>
      }
    />
  )
}
