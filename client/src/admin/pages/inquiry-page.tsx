import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  App,
  Badge,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { INQUIRY_STATUS_TEXT, INQUIRY_STATUSES, type InquiryStatus } from '../../../../common/rules/inquiry'
import { formatDateTime } from '../../lib/date'
import { adminAction, useAdminQuery, type ListResult } from '../api/admin-client'
import { PageContainer } from '../ui/page-container'
import { useNotifyError } from '../ui/use-notify-error'
import { PagedTable, usePaging } from '../ui/paged-table'
import { useIsPhone } from '../ui/use-is-phone'

type Person = { id: number; nickname: string }
export type Inquiry = {
  id: number
  organization: string
  contactName: string
  phone: string
  typeId: number
  typeName: string
  message: string
  status: InquiryStatus
  statusText: string
  note: string
  assigneeId: number | null
  assignee?: Person | null
  createdAt: string
  updatedAt: string
}
type InquiryDetail = Inquiry & { assignees?: Person[] }

const BADGES: Record<InquiryStatus, 'processing' | 'warning' | 'default'> = { new: 'processing', contacted: 'warning', closed: 'default' }
const STATUSES = INQUIRY_STATUSES

/** 合作咨询: the inbox of the public cooperation form, by status, with notes and an assignee. */
export function InquiryPage() {
  const [search, setSearch] = useSearchParams()
  const status: InquiryStatus = STATUSES.find((value) => value === search.get('status')) ?? 'new'
  const paging = usePaging()
  const keyword = search.get('keyword') ?? ''
  const openId = Number(search.get('id')) || null
  const list = useAdminQuery<ListResult<Inquiry>>('inquiry', 'inquiryList', {
    status,
    page: paging.page,
    limit: paging.pageSize,
    ...(keyword ? { keyword } : {}),
  })
  const update = (changes: Record<string, string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      Object.entries(changes).forEach(([name, value]) => (value ? next.set(name, value) : next.delete(name)))
      return next
    })

  // Beside the tabs on a desktop; under them on a phone, where the tabs take the width.
  const isPhone = useIsPhone()
  const tools = (
    <Input.Search
      key={keyword}
      aria-label="搜索咨询"
      placeholder="单位、联系人或电话"
      allowClear
      defaultValue={keyword}
      onSearch={(value) => update({ keyword: value.trim(), page: null })}
      style={{ width: isPhone ? '100%' : 240 }}
    />
  )

  const columns: TableColumnsType<Inquiry> = [
    {
      key: 'organization',
      title: '单位',
      render: (_, row) => <Typography.Link onClick={() => update({ id: String(row.id) })}>{row.organization}</Typography.Link>,
    },
    { key: 'contact', title: '联系人', width: 160, render: (_, row) => `${row.contactName} ${row.phone}` },
    { key: 'type', title: '合作类型', width: 120, render: (_, row) => row.typeName || `#${row.typeId}` },
    { key: 'message', title: '留言', width: 300, ellipsis: true, render: (_, row) => row.message },
    {
      key: 'assignee',
      title: '负责人',
      width: 100,
      render: (_, row) => row.assignee?.nickname ?? <span className="adm-muted">未分配</span>,
    },
    { key: 'createdAt', title: '提交时间', width: 150, render: (_, row) => formatDateTime(row.createdAt) },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (_, row) => <Badge status={BADGES[row.status]} text={INQUIRY_STATUS_TEXT[row.status]} />,
    },
    {
      key: 'actions',
      title: '操作',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => update({ id: String(row.id) })}>
          处理
        </Button>
      ),
    },
  ]

  return (
    <PageContainer title="合作咨询" description="来自前台商务合作页的咨询。联系后记下备注并更新状态，便于团队跟进。">
      <Card variant="borderless" className="adm-card">
        <Tabs
          activeKey={status}
          onChange={(key) => update({ status: key, page: null, id: null })}
          items={STATUSES.map((value) => ({ key: value, label: INQUIRY_STATUS_TEXT[value] }))}
          tabBarExtraContent={isPhone ? undefined : tools}
        />
        {isPhone && <div className="adm-tab-tools">{tools}</div>}
        <PagedTable<Inquiry> rowKey="id" columns={columns} list={list} paging={paging} emptyText={`没有${INQUIRY_STATUS_TEXT[status]}`} />
      </Card>
      {openId && <InquiryDrawer id={openId} onClose={() => update({ id: null })} />}
    </PageContainer>
  )
}

type Handling = { status: InquiryStatus; note: string; assigneeId: number | null }

function InquiryDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const detail = useAdminQuery<InquiryDetail>('inquiry', 'inquiryGet', { id })
  const [form] = Form.useForm<Handling>()
  const inquiry = detail.data
  useEffect(() => {
    if (inquiry) form.setFieldsValue({ status: inquiry.status, note: inquiry.note, assigneeId: inquiry.assigneeId })
  }, [inquiry, form])
  const save = useMutation({
    mutationFn: (values: Handling) =>
      adminAction<Inquiry>('inquirySave', { id, ...values, note: values.note?.trim() ?? '', assigneeId: values.assigneeId ?? null }),
    onSuccess: () => {
      void message.success('已保存')
      void queryClient.invalidateQueries({ queryKey: ['admin', 'inquiry'] })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] })
    },
    onError: (error) => notifyError(error),
  })
  const people = inquiry?.assignees ?? (inquiry?.assignee ? [inquiry.assignee] : [])

  return (
    <Drawer open title="咨询详情" size={640} onClose={onClose}>
      {detail.isError ? (
        <Empty description={detail.error.message} />
      ) : !inquiry ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
            items={[
              { key: 'organization', label: '单位', children: inquiry.organization },
              { key: 'contact', label: '联系人', children: inquiry.contactName },
              { key: 'phone', label: '电话', children: <Typography.Text copyable>{inquiry.phone}</Typography.Text> },
              { key: 'type', label: '合作类型', children: <Tag color="blue">{inquiry.typeName || `#${inquiry.typeId}`}</Tag> },
              { key: 'createdAt', label: '提交时间', children: formatDateTime(inquiry.createdAt) },
              {
                key: 'status',
                label: '状态',
                children: <Badge status={BADGES[inquiry.status]} text={INQUIRY_STATUS_TEXT[inquiry.status]} />,
              },
              {
                key: 'message',
                label: '留言',
                children: <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{inquiry.message}</Typography.Paragraph>,
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            跟进
          </Typography.Title>
          <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
            <Space size={16} style={{ display: 'flex' }} align="start">
              <Form.Item name="status" label="状态" style={{ width: 180 }}>
                <Select options={STATUSES.map((value) => ({ value, label: INQUIRY_STATUS_TEXT[value] }))} />
              </Form.Item>
              <Form.Item name="assigneeId" label="负责人" style={{ width: 220 }}>
                <Select allowClear placeholder="未分配" options={people.map((person) => ({ value: person.id, label: person.nickname }))} />
              </Form.Item>
            </Space>
            <Form.Item name="note" label="备注" rules={[{ max: 1000, message: '不能超过 1000 个字符' }]}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} showCount maxLength={1000} placeholder="联系结果、下一步安排…" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Form>
        </>
      )}
    </Drawer>
  )
}
