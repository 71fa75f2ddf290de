import { App, Button, Space, Typography } from 'antd'
import { useState } from 'react'
import { DELETERS, PUBLISHERS, useMay } from '../access/staff'
import { adminAction } from '../api/admin-client'
import type { EntityConfig } from '../crud/entity-config'
import { publishRecord } from './lifecycle-api'

type Row = Record<string, unknown> & { id: number }
type Job = { verb: string; run: (row: Row) => Promise<unknown>; isDanger?: boolean }
export type BulkOutcome = { done: number; failures: { label: string; msg: string }[] }

/** Runs `run` on each row in turn (the server's per-item rules apply to each), collecting refusals. */
export async function runOneByOne(rows: Row[], run: (row: Row) => Promise<unknown>, label: (row: Row) => string): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: 0, failures: [] }
  for (const row of rows) {
    try {
      await run(row)
      outcome.done++
    } catch (error) {
      outcome.failures.push({ label: label(row), msg: error instanceof Error ? error.message : String(error) })
    }
  }
  return outcome
}

/** 批量发布 / 批量下线 / 批量删除 over the selected rows, each confirmed with the count first. */
export function BulkBar({
  config,
  rows,
  label,
  onClear,
  onDone,
}: {
  config: EntityConfig
  rows: Row[]
  label: (row: Row) => string
  onClear: () => void
  onDone: () => void
}) {
  const { message, modal } = App.useApp()
  const [running, setRunning] = useState<string | null>(null)
  // Only what the signed-in role may do (common/staff-roles.ts): an editor gets no bulk bar jobs at all.
  const mayPublish = useMay(PUBLISHERS)
  const mayDelete = useMay(DELETERS)
  const jobs: Job[] = [
    ...(config.publishField && mayPublish
      ? [
          { verb: '发布', run: (row: Row) => publishRecord(config.word, row.id, true) },
          { verb: '下线', run: (row: Row) => publishRecord(config.word, row.id, false) },
        ]
      : []),
    ...(config.isFixedSet || !mayDelete
      ? []
      : [{ verb: '删除', isDanger: true, run: (row: Row) => adminAction<null>(`${config.word}Delete`, { id: row.id }) }]),
  ]

  const start = (job: Job) =>
    modal.confirm({
      title: `确定${job.verb}选中的 ${rows.length} 个${config.title}？`,
      content: job.isDanger ? '删除后不可恢复。' : rows.slice(0, 5).map(label).join('、') + (rows.length > 5 ? ' 等' : ''),
      okText: job.verb,
      cancelText: '取消',
      okButtonProps: { danger: job.isDanger },
      onOk: async () => {
        setRunning(job.verb)
        const { done, failures } = await runOneByOne(rows, job.run, label)
        setRunning(null)
        if (failures.length === 0) void message.success(`已${job.verb} ${done} 个${config.title}`)
        else
          modal.warning({
            title: `${done} 个已${job.verb}，${failures.length} 个失败`,
            content: (
              <ul className="adm-bulk-failures">
                {failures.map((failure) => (
                  <li key={failure.label}>
                    「{failure.label}」：{failure.msg}
                  </li>
                ))}
              </ul>
            ),
            okText: '知道了',
          })
        onDone()
      },
    })

  return (
    <div className="adm-bulk-bar" role="region" aria-label="批量操作">
      <Typography.Text>
        已选 <strong>{rows.length}</strong> 项
      </Typography.Text>
      <Space wrap>
        {jobs.map((job) => (
          <Button key={job.verb} size="small" danger={job.isDanger} loading={running === job.verb} onClick={() => start(job)}>
            批量{job.verb}
          </Button>
        ))}
        <Button size="small" type="link" onClick={onClear}>
          取消选择
        </Button>
      </Space>
    </div>
  )
}
