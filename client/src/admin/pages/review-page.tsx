import { CheckOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { CONTRIBUTION_KIND_TEXT, CONTRIBUTION_KINDS } from '../../../../common/rules/contribution-kind'
import { labelOf, REVIEW_STATUS_TEXT, SUBMISSION_STATUSES } from '../../../../common/rules/submission-status'
import { RichText } from '../../components/ui/rich-text'
import { mediaUrl } from '../../lib/api-client'
import { formatDateTime } from '../../lib/date'
import { formatFileSize } from '../../lib/text'
import { adminAction, useAdminQuery, type ListResult } from '../api/admin-client'
import { ListKeywordSearch } from '../ui/list-keyword-search'
import { PageContainer } from '../ui/page-container'
import { useNotifyError } from '../ui/use-notify-error'
import { PagedTable, usePaging } from '../ui/paged-table'
import { useIsPhone } from '../ui/use-is-phone'

type Kind = 'contribution' | 'video'
type Person = { id?: number; nickname: string; member_no?: string } | null
type Attachment = { id: number; url: string; name: string; size?: number; kind?: string }
export type ReviewItem = {
  id: number
  title: string
  status: string
  statusText?: string
  reviewNote?: string
  createdAt: string
  reviewedAt?: string | null
  member: Person
  reviewer?: Person
  // contributions
  kind?: string
  kindText?: string
  content?: string
  attachments?: Attachment[]
  publishedId?: number | null
  // videos
  intro?: string
  videoUrl?: string
  cover_img?: string
  teacher?: { id: number; name: string }
}

// The Admin actions of each queue (server/features/admin/moderation).
const QUEUES: Record<Kind, { title: string; list: string; get: string; review: string; takedown: string; noun: string }> = {
  contribution: {
    title: '投稿审核',
    list: 'contributionList',
    get: 'contributionGet',
    review: 'contributionReview',
    takedown: 'contributionTakedown',
    noun: '投稿',
  },
  video: {
    title: '视频审核',
    list: 'videoReviewList',
    get: 'videoReviewGet',
    review: 'videoReview',
    takedown: 'videoTakedown',
    noun: '视频',
  },
}

const STATUS_COLORS: Record<string, string> = { pending: 'processing', approved: 'success', rejected: 'error', withdrawn: 'default' }
const statusTag = (item: Pick<ReviewItem, 'status' | 'statusText'>) => (
  <Tag color={STATUS_COLORS[item.status]}>{item.statusText ?? labelOf(REVIEW_STATUS_TEXT, item.status)}</Tag>
)

type Decision = { mode: 'reject' | 'takedown'; item: ReviewItem }

/** 投稿审核 / 视频审核: queues by status, a detail drawer, approve, reject with a note, take down with a reason. */
export function ReviewPage({ kind }: { kind: Kind }) {
  const queue = QUEUES[kind]
  const { message, modal } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const [search, setSearch] = useSearchParams()
  const status = search.get('status') ?? 'pending'
  const paging = usePaging(10)
  const openId = Number(search.get('id')) || null
  const keyword = search.get('keyword') ?? ''
  const contributionKind = kind === 'contribution' ? CONTRIBUTION_KINDS.find((value) => value === search.get('kind')) : undefined
  const list = useAdminQuery<ListResult<ReviewItem>>('review', queue.list, {
    status,
    page: paging.page,
    limit: paging.pageSize,
    ...(keyword ? { keyword } : {}),
    ...(contributionKind ? { kind: contributionKind } : {}),
  })
  const [decision, setDecision] = useState<Decision | null>(null)

  const update = (changes: Record<string, string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      Object.entries(changes).forEach(([name, value]) => (value === null ? next.delete(name) : next.set(name, value)))
      return next
    })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })
  const review = useMutation({
    mutationFn: (input: { id: number; approve: boolean; note?: string }) => adminAction(queue.review, input),
    onSettled: refresh,
  })
  const takedown = useMutation({
    mutationFn: (input: { id: number; reason: string }) => adminAction(queue.takedown, input),
    onSettled: refresh,
  })

  const approve = (item: ReviewItem) =>
    modal.confirm({
      title: '审核通过',
      content: `确定通过「${item.title}」吗？通过后将立即在前台发布。`,
      okText: '通过',
      cancelText: '取消',
      onOk: () =>
        review.mutateAsync({ id: item.id, approve: true }).then(
          () => void message.success('审核通过，已发布'),
          (error: unknown) => notifyError(error),
        ),
    })

  const actionsFor = (item: ReviewItem) => (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => update({ id: String(item.id) })}>
        查看
      </Button>
      {item.status === 'pending' && (
        <>
          <Button type="link" size="small" icon={<CheckOutlined />} onClick={() => approve(item)} aria-label={`通过「${item.title}」`}>
            通过
          </Button>
          <Button
            type="link"
            size="small"
            danger
            icon={<CloseOutlined />}
            onClick={() => setDecision({ mode: 'reject', item })}
            aria-label={`驳回「${item.title}」`}
          >
            驳回
          </Button>
        </>
      )}
      {item.status === 'approved' && (
        <Button
          type="link"
          size="small"
          danger
          icon={<StopOutlined />}
          onClick={() => setDecision({ mode: 'takedown', item })}
          aria-label={`下架「${item.title}」`}
        >
          下架
        </Button>
      )}
    </Space>
  )

  // Beside the tabs on a desktop; under them on a phone, where the tabs take the width.
  const isPhone = useIsPhone()
  const tools = (
    <>
      {kind === 'contribution' && (
        <Select
          aria-label="投稿类型"
          placeholder="全部类型"
          allowClear
          style={{ width: isPhone ? '100%' : 120 }}
          value={contributionKind}
          options={CONTRIBUTION_KINDS.map((value) => ({ value, label: CONTRIBUTION_KIND_TEXT[value] }))}
          onChange={(value?: string) => update({ kind: value ?? null, page: null })}
        />
      )}
      <ListKeywordSearch label="搜索标题" placeholder="搜索标题" width={isPhone ? '100%' : 220} />
    </>
  )

  const columns: TableColumnsType<ReviewItem> = [
    {
      key: 'title',
      title: '标题',
      render: (_, item) => <Typography.Link onClick={() => update({ id: String(item.id) })}>{item.title}</Typography.Link>,
    },
    kind === 'contribution'
      ? { key: 'kind', title: '类型', width: 100, render: (_, item) => item.kindText ?? item.kind }
      : { key: 'teacher', title: '名师', width: 120, render: (_, item) => item.teacher?.name ?? '—' },
    { key: 'member', title: '投稿人', width: 140, render: (_, item) => item.member?.nickname ?? '已注销会员' },
    { key: 'createdAt', title: '提交时间', width: 150, render: (_, item) => formatDateTime(item.createdAt) },
    { key: 'status', title: '状态', width: 90, render: (_, item) => statusTag(item) },
    {
      key: 'reviewed',
      title: '审核',
      width: 180,
      render: (_, item) =>
        item.reviewedAt ? (
          <span>
            {item.reviewer?.nickname ?? ''} {formatDateTime(item.reviewedAt)}
          </span>
        ) : (
          <span className="adm-muted">—</span>
        ),
    },
    { key: 'actions', title: '操作', width: 200, render: (_, item) => actionsFor(item) },
  ]

  return (
    <PageContainer
      title={queue.title}
      description={`会员提交的${queue.noun}：通过后立即发布；已发布的内容可以下架，会员会在“我的投稿”中看到原因。`}
    >
      <Card variant="borderless" className="adm-card">
        <Tabs
          activeKey={status}
          onChange={(key) => update({ status: key, page: null, id: null })}
          items={SUBMISSION_STATUSES.map((value) => ({ key: value, label: labelOf(REVIEW_STATUS_TEXT, value) }))}
          tabBarExtraContent={isPhone ? undefined : <Space>{tools}</Space>}
        />
        {isPhone && <div className="adm-tab-tools">{tools}</div>}
        <PagedTable<ReviewItem>
          rowKey="id"
          columns={columns}
          list={list}
          paging={paging}
          emptyText={`没有${labelOf(REVIEW_STATUS_TEXT, status)}的${queue.noun}`}
        />
      </Card>
      {openId && <ReviewDrawer kind={kind} id={openId} onClose={() => update({ id: null })} actionsFor={actionsFor} />}
      <DecisionModal
        decision={decision}
        noun={queue.noun}
        isPending={review.isPending || takedown.isPending}
        onCancel={() => setDecision(null)}
        onSubmit={(text) => {
          if (!decision) return
          const done =
            decision.mode === 'reject'
              ? review.mutateAsync({ id: decision.item.id, approve: false, note: text })
              : takedown.mutateAsync({ id: decision.item.id, reason: text })
          void done.then(
            () => {
              void message.success(decision.mode === 'reject' ? '已驳回' : '已下架，会员将看到下架原因')
              setDecision(null)
            },
            (error: unknown) => notifyError(error),
          )
        }}
      />
    </PageContainer>
  )
}

function DecisionModal({
  decision,
  noun,
  isPending,
  onCancel,
  onSubmit,
}: {
  decision: Decision | null
  noun: string
  isPending: boolean
  onCancel: () => void
  onSubmit: (text: string) => void
}) {
  const [form] = Form.useForm<{ text: string }>()
  const isReject = decision?.mode === 'reject'
  return (
    <Modal
      open={decision !== null}
      title={isReject ? `驳回${noun}` : `下架${noun}`}
      okText={isReject ? '驳回' : '下架'}
      cancelText="取消"
      okButtonProps={{ danger: true, loading: isPending }}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(({ text }) => onSubmit(text.trim()))}
      destroyOnHidden
    >
      <Typography.Paragraph>「{decision?.item.title}」</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="text"
          label={isReject ? '驳回原因' : '下架原因'}
          extra="会员会在“我的投稿”中看到这段说明"
          rules={[
            { required: true, whitespace: true, message: isReject ? '请填写驳回原因' : '请填写下架原因' },
            { max: 200, message: '不能超过 200 个字符' },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} showCount maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function ReviewDrawer({
  kind,
  id,
  onClose,
  actionsFor,
}: {
  kind: Kind
  id: number
  onClose: () => void
  actionsFor: (item: ReviewItem) => React.ReactNode
}) {
  const queue = QUEUES[kind]
  const detail = useAdminQuery<ReviewItem>('review', queue.get, { id })
  const item = detail.data
  return (
    <Drawer open title={`${queue.noun}详情`} size={720} onClose={onClose} extra={item && actionsFor(item)}>
      {detail.isError ? (
        <Empty description={detail.error.message} />
      ) : !item ? (
        <Spin />
      ) : (
        <>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {item.title}
          </Typography.Title>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'status', label: '状态', children: statusTag(item) },
              kind === 'contribution'
                ? { key: 'kind', label: '类型', children: item.kindText ?? item.kind }
                : { key: 'teacher', label: '名师', children: item.teacher?.name ?? '—' },
              {
                key: 'member',
                label: '投稿人',
                children: item.member
                  ? `${item.member.nickname}${item.member.member_no ? `（${item.member.member_no}）` : ''}`
                  : '已注销会员',
              },
              { key: 'createdAt', label: '提交时间', children: formatDateTime(item.createdAt) },
              { key: 'reviewer', label: '审核人', children: item.reviewer?.nickname ?? '—' },
              { key: 'reviewedAt', label: '审核时间', children: item.reviewedAt ? formatDateTime(item.reviewedAt) : '—' },
              ...(item.reviewNote
                ? [{ key: 'note', label: item.status === 'approved' ? '备注' : '原因', span: 2, children: item.reviewNote }]
                : []),
              ...(item.publishedId && item.status === 'approved'
                ? [
                    {
                      key: 'published',
                      label: '已发布为',
                      span: 2,
                      children: (
                        <a
                          href={`/${item.kind === 'activity' ? 'schooling' : 'article'}/detail/${item.publishedId}`}
                          target="_blank"
                          rel="noreferrer"
                        >
                          在前台查看
                        </a>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            内容
          </Typography.Title>
          {kind === 'video' ? (
            <>
              {item.videoUrl && (
                <video
                  src={mediaUrl(item.videoUrl)}
                  poster={item.cover_img ? mediaUrl(item.cover_img) : undefined}
                  controls
                  preload="metadata"
                  style={{ width: '100%', borderRadius: 8, background: '#000' }}
                />
              )}
              {item.intro && <Typography.Paragraph style={{ marginTop: 12 }}>{item.intro}</Typography.Paragraph>}
            </>
          ) : (
            <div className="adm-article">
              <RichText html={item.content} />
            </div>
          )}
          {(item.attachments?.length ?? 0) > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 20 }}>
                附件
              </Typography.Title>
              <ul>
                {item.attachments!.map((file) => (
                  <li key={file.id}>
                    <a href={mediaUrl(file.url)} target="_blank" rel="noreferrer">
                      {file.name}
                    </a>
                    {file.size ? <Typography.Text type="secondary"> （{formatFileSize(file.size)}）</Typography.Text> : null}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Drawer>
  )
}
