import { CheckOutlined, DeleteOutlined, EyeInvisibleOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Form, Input, Modal, Select, Space, Switch, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { COMMENT_TARGETS, type CommentTarget } from '../../../../common/notifications'
import { formatDateTime } from '../../lib/date'
import { ADMIN_ONLY, useMay } from '../access/staff'
import { adminAction, useAdminQuery, type ListResult } from '../api/admin-client'
import { ListKeywordSearch } from '../ui/list-keyword-search'
import { PageContainer } from '../ui/page-container'
import { PagedTable, usePaging } from '../ui/paged-table'
import { useIsPhone } from '../ui/use-is-phone'
import { useNotifyError } from '../ui/use-notify-error'

export type QueuedComment = {
  id: number
  entity: string
  entityText: string
  recordId: number
  itemTitle: string
  link: string
  isReply: boolean
  content: string
  status: 'pending' | 'published' | 'hidden'
  statusText: string
  hideReason: string
  reportCount: number
  reports: { reason: string; createdAt: string }[]
  member: { id: number; nickname: string; memberNo: string } | null
  createdAt: string
  reviewedAt: string | null
}

const TABS = [
  { key: 'pending', label: '待审核' },
  { key: 'reported', label: '被举报' },
  { key: 'all', label: '全部' },
] as const
const STATUS_OPTIONS = [
  { value: 'pending', label: '待审核' },
  { value: 'published', label: '已发布' },
  { value: 'hidden', label: '已隐藏' },
]
const STATUS_COLORS: Record<string, string> = { pending: 'processing', published: 'success', hidden: 'default' }
const EMPTY_TEXT: Record<string, string> = { pending: '没有待审核的评论', reported: '没有被举报的评论', all: '没有评论' }

const isEntity = (value: string | null): value is CommentTarget => value !== null && Object.hasOwn(COMMENT_TARGETS, value)

/** The review-mode switch: admins change it, other moderators see it. */
function ReviewModeSetting() {
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const isAdmin = useMay(ADMIN_ONLY)
  const settings = useAdminQuery<{ requireReview: boolean }>('comment', 'commentSettings')
  const save = useMutation({
    mutationFn: (requireReview: boolean) => adminAction<{ requireReview: boolean }>('commentSettingsSave', { requireReview }),
    onSuccess: (saved) => {
      void message.success(saved.requireReview ? '已开启：新评论审核通过后展示' : '已关闭：新评论发表后立即展示')
      void queryClient.invalidateQueries({ queryKey: ['admin', 'comment'] })
    },
    onError: (error) => notifyError(error),
  })
  return (
    <Card variant="borderless" className="adm-card" style={{ marginBottom: 16 }}>
      <Space align="center" wrap>
        <Switch
          id="comment-review-mode"
          checked={settings.data?.requireReview ?? false}
          loading={settings.isPending || save.isPending}
          disabled={!isAdmin}
          onChange={(checked) => save.mutate(checked)}
        />
        <label htmlFor="comment-review-mode">评论需审核后展示</label>
        <Typography.Text type="secondary">
          {settings.data?.requireReview ? '新评论进入待审核，通过后才在前台展示。' : '新评论发表后立即展示；含替换类敏感词的仍需审核。'}
          {!isAdmin && '仅管理员可以修改。'}
        </Typography.Text>
      </Space>
    </Card>
  )
}

/** 评论管理: the queue (待审核 / 被举报 / 全部), approve, hide with a reason, delete, and the review-mode setting. */
export function CommentPage() {
  const { message, modal } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const isPhone = useIsPhone()
  const [search, setSearch] = useSearchParams()
  const tab = TABS.find((item) => item.key === search.get('tab'))?.key ?? 'pending'
  const entity = search.get('entity')
  const status = tab === 'all' ? STATUS_OPTIONS.find((option) => option.value === search.get('status'))?.value : undefined
  const keyword = search.get('keyword') ?? ''
  const paging = usePaging(20)
  const list = useAdminQuery<ListResult<QueuedComment>>('comment', 'commentQueue', {
    tab,
    page: paging.page,
    limit: paging.pageSize,
    ...(isEntity(entity) ? { entity } : {}),
    ...(status ? { status } : {}),
    ...(keyword ? { keyword } : {}),
  })
  const [hiding, setHiding] = useState<QueuedComment | null>(null)

  const update = (changes: Record<string, string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      Object.entries(changes).forEach(([name, value]) => (value === null ? next.delete(name) : next.set(name, value)))
      return next
    })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })
  const decide = useMutation({
    mutationFn: ({ action, ...input }: { action: string; id: number; reason?: string }) => adminAction(action, input),
    onSettled: refresh,
  })
  const run = (input: { action: string; id: number; reason?: string }, done: string) =>
    decide.mutateAsync(input).then(
      () => void message.success(done),
      (error: unknown) => {
        notifyError(error)
        throw error
      },
    )

  const approve = (item: QueuedComment) =>
    void run({ action: 'commentApprove', id: item.id }, item.status === 'pending' ? '已通过，评论已展示' : '已保留，举报已清除').catch(
      () => undefined,
    )
  const remove = (item: QueuedComment) =>
    modal.confirm({
      title: '删除评论',
      content: `确定删除这条评论吗？${item.isReply ? '' : '其下的回复也会一并删除。'}删除后无法恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => run({ action: 'commentDelete', id: item.id }, '评论已删除'),
    })

  const short = (item: QueuedComment) => (item.content.length > 20 ? `${item.content.slice(0, 20)}…` : item.content)
  const columns: TableColumnsType<QueuedComment> = [
    {
      key: 'content',
      title: '评论内容',
      render: (_, item) => (
        // Bounded: the table sizes columns to their content, and a long comment would push the actions out of view.
        <div style={{ minWidth: 180, maxWidth: 240 }}>
          {item.isReply && <Tag>回复</Tag>}
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>
            {item.content}
          </Typography.Paragraph>
          {item.status === 'hidden' && item.hideReason && <Typography.Text type="secondary">隐藏原因：{item.hideReason}</Typography.Text>}
        </div>
      ),
    },
    {
      key: 'item',
      title: '评论对象',
      width: 180,
      render: (_, item) => (
        <span style={{ display: 'inline-block', maxWidth: 160 }}>
          <Tag color="blue">{item.entityText}</Tag>
          {item.link ? (
            <Typography.Link href={item.link} target="_blank">
              {item.itemTitle}
            </Typography.Link>
          ) : (
            item.itemTitle
          )}
        </span>
      ),
    },
    { key: 'member', title: '作者', width: 100, render: (_, item) => item.member?.nickname ?? '已注销会员' },
    { key: 'createdAt', title: '发表时间', width: 140, render: (_, item) => formatDateTime(item.createdAt) },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (_, item) => <Tag color={STATUS_COLORS[item.status]}>{item.statusText}</Tag>,
    },
    {
      key: 'reports',
      title: '举报',
      width: 80,
      render: (_, item) =>
        item.reportCount > 0 ? (
          <Tooltip title={item.reports.map((report) => report.reason).join('；')}>
            <Tag color="error">{item.reportCount} 次</Tag>
          </Tooltip>
        ) : (
          <span className="adm-muted">—</span>
        ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 200,
      render: (_, item) => (
        <Space size={0}>
          {(item.status !== 'published' || item.reportCount > 0) && (
            <Button type="link" size="small" icon={<CheckOutlined />} aria-label={`通过「${short(item)}」`} onClick={() => approve(item)}>
              {item.status === 'published' ? '保留' : '通过'}
            </Button>
          )}
          {item.status !== 'hidden' && (
            <Button
              type="link"
              size="small"
              icon={<EyeInvisibleOutlined />}
              aria-label={`隐藏「${short(item)}」`}
              onClick={() => setHiding(item)}
            >
              隐藏
            </Button>
          )}
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除「${short(item)}」`}
            onClick={() => remove(item)}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ]

  const tools = (
    <>
      <Select
        aria-label="评论对象"
        placeholder="全部对象"
        allowClear
        style={{ width: isPhone ? '100%' : 120 }}
        value={isEntity(entity) ? entity : undefined}
        options={Object.entries(COMMENT_TARGETS).map(([value, label]) => ({ value, label }))}
        onChange={(value?: string) => update({ entity: value ?? null, page: null })}
      />
      {tab === 'all' && (
        <Select
          aria-label="状态"
          placeholder="全部状态"
          allowClear
          style={{ width: isPhone ? '100%' : 110 }}
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value?: string) => update({ status: value ?? null, page: null })}
        />
      )}
      <ListKeywordSearch label="搜索评论内容" placeholder="搜索评论内容" width={isPhone ? '100%' : 200} />
    </>
  )

  return (
    <PageContainer title="评论管理" description="会员在课程、专题、学术观点和教学活动下的评论：审核、处理举报、隐藏或删除。">
      <ReviewModeSetting />
      <Card variant="borderless" className="adm-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => update({ tab: key, page: null, status: null })}
          items={TABS.map((item) => ({ key: item.key, label: item.label }))}
          tabBarExtraContent={isPhone ? undefined : <Space>{tools}</Space>}
        />
        {isPhone && <div className="adm-tab-tools">{tools}</div>}
        <PagedTable<QueuedComment> rowKey="id" columns={columns} list={list} paging={paging} unit="条评论" emptyText={EMPTY_TEXT[tab]} />
      </Card>
      <HideModal
        comment={hiding}
        isPending={decide.isPending}
        onCancel={() => setHiding(null)}
        onSubmit={(reason) => {
          if (!hiding) return
          void run({ action: 'commentHide', id: hiding.id, reason }, '评论已隐藏').then(
            () => setHiding(null),
            () => undefined,
          )
        }}
      />
    </PageContainer>
  )
}

function HideModal({
  comment,
  isPending,
  onCancel,
  onSubmit,
}: {
  comment: QueuedComment | null
  isPending: boolean
  onCancel: () => void
  onSubmit: (reason: string) => void
}) {
  const [form] = Form.useForm<{ reason: string }>()
  return (
    <Modal
      open={comment !== null}
      title="隐藏评论"
      okText="隐藏"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: isPending }}
      onCancel={onCancel}
      onOk={() =>
        // A refused field shows its message under the field; the rejection needs no other answer.
        void form.validateFields().then(
          ({ reason }) => onSubmit(reason.trim()),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>「{comment?.content}」</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="隐藏原因"
          extra="隐藏后前台不再展示这条评论"
          rules={[
            { required: true, whitespace: true, message: '请填写隐藏原因' },
            { max: 200, message: '不能超过 200 个字符' },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} showCount maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
