import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Form, Modal, Space } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import type { EntityConfig } from '../crud/entity-config'
import { BeijingDateTimePicker, beijingNow } from '../ui/beijing-time'
import { scheduleRecord, type Schedule } from './lifecycle-api'

type Target = { id: number; label: string; publishAt?: string | null; unpublishAt?: string | null }

const isPast = (day: Dayjs) => day.isBefore(beijingNow().startOf('day'))

/** 定时发布: when a record goes live and when it comes down, both in Beijing time; or no schedule at all. */
export function ScheduleDialog({ config, target, onClose }: { config: EntityConfig; target: Target; onClose: () => void }) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Schedule>()
  const [problem, setProblem] = useState<string | null>(null)
  const hasSchedule = Boolean(target.publishAt || target.unpublishAt)
  const schedule = useMutation({
    mutationFn: (value: Schedule) => scheduleRecord(config.word, target.id, value),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
  const send = (value: Schedule, done: string) => {
    setProblem(null)
    schedule.mutate(value, {
      onSuccess: () => {
        void message.success(done)
        onClose()
      },
      onError: (error) => setProblem(error.message),
    })
  }
  const submit = async () => {
    const value = await form.validateFields()
    const at = { publishAt: value.publishAt ?? null, unpublishAt: value.unpublishAt ?? null }
    if (!at.publishAt && !at.unpublishAt) return setProblem('请至少选择发布时间或下线时间')
    send(at, `已为「${target.label}」设置定时${at.publishAt ? '发布' : '下线'}`)
  }

  return (
    <Modal
      open
      title={`定时发布「${target.label}」`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className="adm-dialog-footer">
          {hasSchedule ? (
            <Button danger loading={schedule.isPending} onClick={() => send({ publishAt: null, unpublishAt: null }, '已取消定时')}>
              取消定时
            </Button>
          ) : (
            <span />
          )}
          <Space>
            <Button onClick={onClose}>关闭</Button>
            <Button type="primary" loading={schedule.isPending} onClick={() => void submit()}>
              保存定时
            </Button>
          </Space>
        </div>
      }
    >
      <p className="adm-muted">所有时间均为北京时间（UTC+8），与前台和列表显示一致。到点后系统自动发布或下线。</p>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={{ publishAt: target.publishAt ?? null, unpublishAt: target.unpublishAt ?? null }}>
        <Form.Item name="publishAt" label="发布时间（北京时间）">
          <BeijingDateTimePicker placeholder="选择发布时间" disabledDate={isPast} />
        </Form.Item>
        <Form.Item
          name="unpublishAt"
          label="下线时间（北京时间）"
          dependencies={['publishAt']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | null) => {
                const publishAt = getFieldValue('publishAt') as string | null
                if (value && publishAt && new Date(value) <= new Date(publishAt)) throw new Error('下线时间应晚于发布时间')
              },
            }),
          ]}
        >
          <BeijingDateTimePicker placeholder="不自动下线可留空" disabledDate={isPast} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
