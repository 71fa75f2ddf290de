import { DownOutlined, EyeOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  App,
  Avatar,
  Button,
  Card,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from '../../../../common/rules/roles'
import { labelOf, SUBMISSION_STATUS_TEXT } from '../../../../common/rules/submission-status'
import { mediaUrl } from '../../lib/api-client'
import { formatDateTime } from '../../lib/date'
import { ROLE_COLORS, useStaff } from '../access/staff'
import { adminAction, useAdminQuery, type ListResult } from '../api/admin-client'
import { ListKeywordSearch } from '../ui/list-keyword-search'
import { PageContainer } from '../ui/page-container'
import { useNotifyError } from '../ui/use-notify-error'
import { PagedTable, usePaging } from '../ui/paged-table'

export type MemberRow = {
  id: number
  member_no: string
  nickname: string
  phone: string
  avatar?: string
  role: MemberRole
  roleText: string
  disabledAt: string | null
  deletedAt: string | null
  disabledReason?: string | null
  createdAt: string
  lastLoginAt?: string | null
}
type Submission = { id: number; title: string; kind?: string; kindText?: string; status: string; statusText?: string; createdAt: string }
type MemberDetail = MemberRow & {
  organization?: string
  position?: string
  counts?: Record<string, number>
  contributions?: Submission[]
  videos?: Submission[]
}

const COUNT_LABELS: Record<string, string> = {
  contributions: '投稿',
  videos: '视频',
  follows: '关注名师',
  courseCollects: '收藏课程',
  specialCollects: '收藏专题',
}

/** A phone shown masked until the admin asks for it; each reveal is audited on the server. */
function PhoneCell({ member }: { member: MemberRow }) {
  const notifyError = useNotifyError()
  const [full, setFull] = useState<string | null>(null)
  const reveal = useMutation({
    mutationFn: () => adminAction<{ phone: string }>('memberRevealPhone', { id: member.id }),
    onSuccess: (data) => setFull(data.phone),
    onError: (error) => notifyError(error),
  })
  if (full) return <Typography.Text copyable>{full}</Typography.Text>
  return (
    <Space size={4}>
      <span>{member.phone || '—'}</span>
      {member.phone && (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          loading={reveal.isPending}
          onClick={() => reveal.mutate()}
          aria-label={`显示 ${member.nickname} 的手机号`}
        >
          显示
        </Button>
      )}
    </Space>
  )
}

/** 会员管理 (admins): search, detail with submissions, disable/enable, role, forced password reset. */
export function MemberPage() {
  const staff = useStaff()
  const { message, modal } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const [search, setSearch] = useSearchParams()
  const paging = usePaging()
  const keyword = search.get('keyword') ?? ''
  const role = search.get('role') ?? undefined
  const state = search.get('state') ?? undefined
  const openId = Number(search.get('id')) || null
  const params = {
    page: paging.page,
    limit: paging.pageSize,
    ...(keyword ? { keyword } : {}),
    ...(role ? { role } : {}),
    ...(state ? { disabled: state === 'disabled' } : {}),
  }
  const list = useAdminQuery<ListResult<MemberRow>>('member', 'memberList', params)
  const [disabling, setDisabling] = useState<MemberRow | null>(null)

  const update = (changes: Record<string, string | null | undefined>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      Object.entries(changes).forEach(([name, value]) => (value ? next.set(name, value) : next.delete(name)))
      return next
    })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'member'] })
  const call = useMutation({
    mutationFn: ({ action, input }: { action: string; input: object }) => adminAction<unknown>(action, input),
    onSettled: refresh,
  })
  const run = (action: string, input: object, done: string) =>
    call.mutateAsync({ action, input }).then(
      (answer) => void message.success((answer as { message?: string } | null)?.message ?? done),
      (error: unknown) => notifyError(error),
    )

  const enable = (member: MemberRow) =>
    modal.confirm({
      title: '启用会员',
      content: `确定恢复「${member.nickname}」的账号吗？`,
      okText: '启用',
      cancelText: '取消',
      onOk: () => run('memberDisable', { id: member.id, disabled: false }, '已启用'),
    })
  const changeRole = (member: MemberRow, next: MemberRole) =>
    modal.confirm({
      title: '变更角色',
      content: `确定将「${member.nickname}」的角色从「${ROLE_LABELS[member.role]}」改为「${ROLE_LABELS[next]}」吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => run('memberRole', { id: member.id, role: next }, `已设为${ROLE_LABELS[next]}`),
    })
  const resetPassword = (member: MemberRow) =>
    modal.confirm({
      title: '强制重置密码',
      content: `「${member.nickname}」的所有登录将立即失效，旧密码作废，须通过“找回密码”设置新密码。确定吗？`,
      okText: '重置',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => run('memberResetPassword', { id: member.id }, '已重置，会员须通过找回密码设置新密码'),
    })

  // Staff cannot disable themselves (the server refuses too).
  const isSelf = (member: MemberRow) => member.member_no === staff.memberNo
  const columns: TableColumnsType<MemberRow> = [
    {
      key: 'member',
      title: '会员',
      render: (_, member) => (
        <Space>
          <Avatar src={member.avatar ? mediaUrl(member.avatar) : undefined}>{member.nickname.slice(0, 1)}</Avatar>
          <div>
            <Typography.Link onClick={() => update({ id: String(member.id) })}>{member.nickname}</Typography.Link>
            <div className="adm-muted" style={{ fontSize: 12, color: 'rgba(0,0,0,.45)' }}>
              {member.member_no}
            </div>
          </div>
        </Space>
      ),
    },
    { key: 'phone', title: '手机号', width: 190, render: (_, member) => <PhoneCell member={member} /> },
    {
      key: 'role',
      title: '角色',
      width: 90,
      render: (_, member) => <Tag color={ROLE_COLORS[member.role]}>{member.roleText ?? ROLE_LABELS[member.role]}</Tag>,
    },
    {
      key: 'state',
      title: '状态',
      width: 90,
      render: (_, member) =>
        member.deletedAt ? <Tag>已注销</Tag> : member.disabledAt ? <Tag color="error">已禁用</Tag> : <Tag color="success">正常</Tag>,
    },
    { key: 'createdAt', title: '注册时间', width: 150, render: (_, member) => formatDateTime(member.createdAt) },
    {
      key: 'actions',
      title: '操作',
      width: 220,
      render: (_, member) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => update({ id: String(member.id) })}>
            详情
          </Button>
          {member.disabledAt ? (
            <Button type="link" size="small" onClick={() => enable(member)} aria-label={`启用「${member.nickname}」`}>
              启用
            </Button>
          ) : (
            <Button
              type="link"
              size="small"
              danger
              disabled={isSelf(member) || Boolean(member.deletedAt)}
              onClick={() => setDisabling(member)}
              aria-label={`禁用「${member.nickname}」`}
            >
              禁用
            </Button>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...MEMBER_ROLES.filter((next) => next !== member.role).map((next) => ({
                  key: `role-${next}`,
                  label: `设为${ROLE_LABELS[next]}`,
                  onClick: () => changeRole(member, next),
                })),
                { type: 'divider' as const },
                { key: 'reset', label: '强制重置密码', danger: true, onClick: () => resetPassword(member) },
              ],
            }}
          >
            <Button type="link" size="small" aria-label={`更多操作「${member.nickname}」`}>
              更多 <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ]

  return (
    <PageContainer title="会员管理" description="手机号默认打码，点击“显示”查看完整号码（该操作会记入审计日志）。">
      <Card variant="borderless" className="adm-card">
        <div className="adm-toolbar">
          <Space wrap>
            <ListKeywordSearch label="搜索会员" placeholder="昵称、会员号或完整手机号" width={280} />
            <Select
              aria-label="角色"
              placeholder="全部角色"
              allowClear
              style={{ width: 130 }}
              value={role}
              options={MEMBER_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
              onChange={(value?: string) => update({ role: value, page: null })}
            />
            <Select
              aria-label="账号状态"
              placeholder="全部状态"
              allowClear
              style={{ width: 130 }}
              value={state}
              options={[
                { value: 'active', label: '正常' },
                { value: 'disabled', label: '已禁用' },
              ]}
              onChange={(value?: string) => update({ state: value, page: null })}
            />
          </Space>
        </div>
        <PagedTable<MemberRow> rowKey="id" columns={columns} list={list} paging={paging} unit="位会员" emptyText="没有匹配的会员" />
      </Card>
      {openId && <MemberDrawer id={openId} onClose={() => update({ id: null })} />}
      <DisableModal
        member={disabling}
        onCancel={() => setDisabling(null)}
        onSubmit={(reason) =>
          void run('memberDisable', { id: disabling!.id, disabled: true, reason }, '已禁用，该会员已被强制下线').then(() =>
            setDisabling(null),
          )
        }
        isPending={call.isPending}
      />
    </PageContainer>
  )
}

function DisableModal({
  member,
  onCancel,
  onSubmit,
  isPending,
}: {
  member: MemberRow | null
  onCancel: () => void
  onSubmit: (reason: string) => void
  isPending: boolean
}) {
  const [form] = Form.useForm<{ reason: string }>()
  return (
    <Modal
      open={member !== null}
      title="禁用会员"
      okText="禁用"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: isPending }}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(({ reason }) => onSubmit((reason ?? '').trim()))}
      destroyOnHidden
    >
      <Typography.Paragraph>禁用后「{member?.nickname}」将立即被强制下线，且无法再登录。</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="禁用原因" rules={[{ max: 100, message: '禁用原因最多 100 个字' }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} showCount maxLength={100} placeholder="可不填；登录时会员会看到此原因" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function MemberDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useAdminQuery<MemberDetail>('member', 'memberGet', { id })
  const member = detail.data
  const submissionColumns: TableColumnsType<Submission> = [
    { key: 'title', title: '标题', dataIndex: 'title' },
    { key: 'kind', title: '类型', width: 90, render: (_, row) => row.kindText ?? row.kind ?? '视频' },
    { key: 'status', title: '状态', width: 90, render: (_, row) => row.statusText ?? labelOf(SUBMISSION_STATUS_TEXT, row.status) },
    { key: 'createdAt', title: '提交时间', width: 150, render: (_, row) => formatDateTime(row.createdAt) },
  ]
  return (
    <Drawer open title="会员详情" size={720} onClose={onClose}>
      {detail.isError ? (
        <Empty description={detail.error.message} />
      ) : !member ? (
        <Spin />
      ) : (
        <>
          <Space align="center" style={{ marginBottom: 16 }}>
            <Avatar size={56} src={member.avatar ? mediaUrl(member.avatar) : undefined}>
              {member.nickname.slice(0, 1)}
            </Avatar>
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {member.nickname} <Tag color={ROLE_COLORS[member.role]}>{ROLE_LABELS[member.role]}</Tag>
                {member.disabledAt && <Tag color="error">已禁用</Tag>}
              </Typography.Title>
              <Typography.Text type="secondary">{member.member_no}</Typography.Text>
            </div>
          </Space>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'phone', label: '手机号', children: member.phone },
              { key: 'createdAt', label: '注册时间', children: formatDateTime(member.createdAt) },
              { key: 'organization', label: '单位', children: member.organization || '—' },
              { key: 'position', label: '职务', children: member.position || '—' },
              ...(member.disabledAt
                ? [
                    {
                      key: 'disabled',
                      label: '禁用',
                      span: 2,
                      children: `${formatDateTime(member.disabledAt)}${member.disabledReason ? `：${member.disabledReason}` : ''}`,
                    },
                  ]
                : []),
              ...Object.entries(member.counts ?? {}).map(([key, value]) => ({ key, label: COUNT_LABELS[key] ?? key, children: value })),
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            投稿
          </Typography.Title>
          <Table<Submission>
            rowKey="id"
            size="small"
            columns={submissionColumns}
            dataSource={member.contributions ?? []}
            pagination={false}
            locale={{ emptyText: '暂无投稿' }}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            视频
          </Typography.Title>
          <Table<Submission>
            rowKey="id"
            size="small"
            columns={submissionColumns}
            dataSource={member.videos ?? []}
            pagination={false}
            locale={{ emptyText: '暂无视频' }}
          />
        </>
      )}
    </Drawer>
  )
}
