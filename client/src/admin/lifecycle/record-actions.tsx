import { ClockCircleOutlined, CloudDownloadOutlined, CloudUploadOutlined, EyeOutlined, HistoryOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Popconfirm, Space, Tooltip } from 'antd'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { PUBLISHERS, useMay } from '../access/staff'
import type { EntityConfig } from '../crud/entity-config'
import { useNotifyError } from '../ui/use-notify-error'
import { HistoryDrawer } from './history-drawer'
import { openPreview, publishRecord } from './lifecycle-api'
import { isLive, stateOf } from './record-state'
import { ScheduleDialog } from './schedule-dialog'

export type LifecycleRow = Record<string, unknown> & { id: number; publishAt?: string | null; unpublishAt?: string | null }
type Open = { kind: 'schedule' | 'history'; row: LifecycleRow } | null

export const labelOf = (config: EntityConfig, row: Record<string, unknown>) => String(row[config.labelField] ?? row.slug ?? row.id)

/** 发布 / 下线, 定时发布, 历史版本 and 预览 for one entity's records, with the dialogs they open. */
export function useRecordLifecycle(config: EntityConfig) {
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState<Open>(null)
  const publish = useMutation({
    mutationFn: ({ row, isOn }: { row: LifecycleRow; isOn: boolean }) => publishRecord(config.word, row.id, isOn),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
  const label = (row: LifecycleRow) => labelOf(config, row)
  const setLive = (row: LifecycleRow, isOn: boolean) =>
    publish.mutate(
      { row, isOn },
      {
        onSuccess: () => void message.success(isOn ? `「${label(row)}」已发布` : `「${label(row)}」已下线`),
        onError: (error) => notifyError(error),
      },
    )
  const preview = (row: LifecycleRow) => openPreview(config.word, row.id).catch((error: unknown) => notifyError(error, '无法预览'))
  const target = open && { id: open.row.id, label: label(open.row), publishAt: open.row.publishAt, unpublishAt: open.row.unpublishAt }
  const dialogs: ReactNode = (
    <>
      {open?.kind === 'schedule' && target && <ScheduleDialog config={config} target={target} onClose={() => setOpen(null)} />}
      {open?.kind === 'history' && target && <HistoryDrawer config={config} target={target} onClose={() => setOpen(null)} />}
    </>
  )
  return {
    setLive,
    isPublishing: (row: LifecycleRow) => publish.isPending && publish.variables?.row.id === row.id,
    schedule: (row: LifecycleRow) => setOpen({ kind: 'schedule', row }),
    history: (row: LifecycleRow) => setOpen({ kind: 'history', row }),
    preview,
    hasPreview: Boolean(config.publicPath),
    dialogs,
    isOpen: open !== null,
  }
}

/** The lifecycle buttons of the edit drawer's footer; they act on the saved record, so not over unsaved edits. */
export function RecordLifecycleActions({
  config,
  row,
  isDirty,
  onRestored,
}: {
  config: EntityConfig
  row: LifecycleRow
  isDirty: boolean
  onRestored: () => void
}) {
  const lifecycle = useRecordLifecycle(config)
  // A dialog closing (a version may have been restored): the form starts again from the saved record.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !lifecycle.isOpen) onRestored()
    wasOpen.current = lifecycle.isOpen
  }, [lifecycle.isOpen, onRestored])
  const live = isLive(stateOf(row, config))
  // Editors and reviewers see no 发布/下线/定时发布: the server would refuse them (common/staff-roles.ts).
  const mayPublish = useMay(PUBLISHERS)
  const blocked = isDirty ? '请先保存修改' : undefined
  return (
    <Space size={4} wrap>
      {lifecycle.dialogs}
      {lifecycle.hasPreview && (
        <Button icon={<EyeOutlined />} onClick={() => void lifecycle.preview(row)}>
          预览
        </Button>
      )}
      <Tooltip title={isDirty ? '请先保存修改再查看历史' : undefined}>
        <Button icon={<HistoryOutlined />} disabled={isDirty} onClick={() => lifecycle.history(row)}>
          历史版本
        </Button>
      </Tooltip>
      {mayPublish && (
        <Tooltip title={blocked}>
          <Button icon={<ClockCircleOutlined />} disabled={isDirty} onClick={() => lifecycle.schedule(row)}>
            定时发布
          </Button>
        </Tooltip>
      )}
      {!mayPublish ? null : live ? (
        <Popconfirm
          title={`下线「${labelOf(config, row)}」？`}
          description="下线后前台将不再显示。"
          okText="下线"
          cancelText="取消"
          onConfirm={() => lifecycle.setLive(row, false)}
        >
          <Button danger icon={<CloudDownloadOutlined />} loading={lifecycle.isPublishing(row)}>
            下线
          </Button>
        </Popconfirm>
      ) : (
        <Tooltip title={blocked}>
          <Button
            icon={<CloudUploadOutlined />}
            disabled={isDirty}
            loading={lifecycle.isPublishing(row)}
            onClick={() => lifecycle.setLive(row, true)}
          >
            发布
          </Button>
        </Tooltip>
      )}
    </Space>
  )
}
