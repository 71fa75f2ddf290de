import { DownOutlined, PlusOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Dropdown, Form, Input, Modal, Select, Space, Tag, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { nicknameProblem } from '../../../../common/rules/nickname'
import { phoneProblem } from '../../../../common/rules/phone'
import { STAFF_ROLE_DUTIES, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../../common/staff-roles'
import { formatDateTime } from '../../lib/date'
import { ROLE_COLORS, useStaff } from '../access/staff'
import { adminAction, useAdminQuery, type ListResult } from '../api/admin-client'
import { PageContainer } from '../ui/page-container'
import { PagedTable, usePaging } from '../ui/paged-table'
import { useNotifyError } from '../ui/use-notify-error'

type StaffRow = {
  id: number
  member_no: string
  nickname: string
  phone: string
  role: StaffRole
  roleText: string
  disabledAt: string | null
  disabledReason?: string | null
  createdAt: string
  lastLoginAt?: string | null
}
type Invited = StaffRow & { password: string; message: string }
type InviteForm = { phone: string; nickname: string; role: StaffRole }

const roleOptions = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }))

/**
 * 员工账号 (admins): staff of every role, 邀请员工 (an account with a first password shown once), role
 * changes and disabling through the member actions, whose rules (not oneself, never the last admin) hold.
 */
export function StaffPage() {
  const me = useStaff()
  const { message, modal } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const [search, setSearch] = useSearchParams()
  const paging = usePaging()
  const role = search.get('role') ?? undefined
  const params = { page: paging.page, limit: paging.pageSize, ...(role ? { role } : {}) }
  const list = useAdminQuery<ListResult<StaffRow>>('staff', 'staffList', params)
  const [isInviting, setInviting] = useState(false)
  const [invited, setInvited] = useState<Invited | null>(null)

  const update = (changes: Record<string, string | null | undefined>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      Object.entries(changes).forEach(([name, value]) => (value ? next.set(name, value) : next.delete(name)))
      return next
    })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })
  const call = useMutation({
    mutationFn: ({ action, input }: { action: string; input: object }) => adminAction<unknown>(action, input),
    onSettled: refresh,
  })
  const run = (action: string, input: object, done: string) =>
    call.mutateAsync({ action, input }).then(
      () => void message.success(done),
      (error: unknown) => notifyError(error),
    )
  const invite = useMutation({
    mutationFn: (input: InviteForm) => adminAction<Invited>('staffCreate', input),
    onSuccess: (answer) => {
      setInviting(false)
      setInvited(answer)
    },
    onError: (error) => notifyError(error),
    onSettled: refresh,
  })

  const changeRole = (staff: StaffRow, next: StaffRole) =>
    modal.confirm({
      title: '变更角色',
      content: `确定将「${staff.nickname}」的角色从「${STAFF_ROLE_LABELS[staff.role]}」改为「${STAFF_ROLE_LABELS[next]}」吗？其权限立即生效。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => run('memberRole', { id: staff.id, role: next }, `已设为${STAFF_ROLE_LABELS[next]}`),
    })
  const setDisabled = (staff: StaffRow, disabled: boolean) =>
    modal.confirm({
      title: disabled ? '停用员工账号' : '启用员工账号',
      content: disabled
        ? `「${staff.nickname}」将立即退出登录，且无法再登录控制台。确定停用吗？`
        : `确定恢复「${staff.nickname}」的账号吗？`,
      okText: disabled ? '停用' : '启用',
      okButtonProps: { danger: disabled },
      cancelText: '取消',
      onOk: () => run('memberDisable', { id: staff.id, disabled }, disabled ? '已停用，该员工已被强制下线' : '已启用'),
    })

  // Nobody changes or disables their own account here (the server refuses too).
  const isSelf = (staff: StaffRow) => staff.member_no === me.memberNo
  const columns: TableColumnsType<StaffRow> = [
    {
      key: 'staff',
      title: '员工',
      render: (_, staff) => (
        <div>
          {staff.nickname}
          {isSelf(staff) && <Tag style={{ marginLeft: 8 }}>我</Tag>}
          <div style={{ fontSize: 12, color: 'rgba(0,0,0,.45)' }}>{staff.member_no}</div>
        </div>
      ),
    },
    { key: 'phone', title: '手机号', width: 130, dataIndex: 'phone' },
    {
      key: 'role',
      title: '角色',
      width: 90,
      render: (_, staff) => <Tag color={ROLE_COLORS[staff.role]}>{staff.roleText}</Tag>,
    },
    {
      key: 'state',
      title: '状态',
      width: 90,
      render: (_, staff) => (staff.disabledAt ? <Tag color="error">已停用</Tag> : <Tag color="success">正常</Tag>),
    },
    {
      key: 'lastLoginAt',
      title: '最近登录',
      width: 150,
      render: (_, staff) => (staff.lastLoginAt ? formatDateTime(staff.lastLoginAt) : '—'),
    },
    {
      key: 'actions',
      title: '操作',
      width: 180,
      render: (_, staff) =>
        isSelf(staff) ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Space size={0}>
            <Dropdown
              trigger={['click']}
              menu={{
                items: STAFF_ROLES.filter((next) => next !== staff.role).map((next) => ({
                  key: next,
                  label: `设为${STAFF_ROLE_LABELS[next]}`,
                  onClick: () => changeRole(staff, next),
                })),
              }}
            >
              <Button type="link" size="small" aria-label={`变更角色「${staff.nickname}」`}>
                变更角色 <DownOutlined />
              </Button>
            </Dropdown>
            <Button
              type="link"
              size="small"
              danger={!staff.disabledAt}
              onClick={() => setDisabled(staff, !staff.disabledAt)}
              aria-label={`${staff.disabledAt ? '启用' : '停用'}「${staff.nickname}」`}
            >
              {staff.disabledAt ? '启用' : '停用'}
            </Button>
          </Space>
        ),
    },
  ]

  return (
    <PageContainer
      title="员工账号"
      description="管理员、编辑、审核员和发布员。变更角色或停用后立即生效；不能修改自己，也不能取消最后一位管理员。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)}>
          邀请员工
        </Button>
      }
    >
      <Card variant="borderless" className="adm-card">
        <div className="adm-toolbar">
          <Select
            aria-label="角色"
            placeholder="全部角色"
            allowClear
            style={{ width: 130 }}
            value={role}
            options={roleOptions}
            onChange={(value?: string) => update({ role: value, page: null })}
          />
        </div>
        <PagedTable<StaffRow> rowKey="id" columns={columns} list={list} paging={paging} unit="位员工" emptyText="没有员工账号" />
      </Card>
      <InviteModal
        open={isInviting}
        isPending={invite.isPending}
        onCancel={() => setInviting(false)}
        onSubmit={(input) => invite.mutate(input)}
      />
      <Modal
        open={invited !== null}
        title="员工账号已创建"
        okText="我已记下"
        cancelButtonProps={{ style: { display: 'none' } }}
        closable={false}
        mask={{ closable: false }}
        onOk={() => setInvited(null)}
        destroyOnHidden
      >
        {invited && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon title="初始密码只显示这一次，关闭后无法再查看。请私下告知本人，并提醒其登录后修改密码。" />
            <div>
              {invited.roleText}「{invited.nickname}」，登录手机号 {invited.phone}
            </div>
            <div>
              初始密码：
              <Typography.Text code copyable aria-label="初始密码">
                {invited.password}
              </Typography.Text>
            </div>
          </Space>
        )}
      </Modal>
    </PageContainer>
  )
}

function InviteModal({
  open,
  isPending,
  onCancel,
  onSubmit,
}: {
  open: boolean
  isPending: boolean
  onCancel: () => void
  onSubmit: (input: InviteForm) => void
}) {
  const [form] = Form.useForm<InviteForm>()
  const roleChosen = Form.useWatch('role', form)
  const check = (problem: (value: string) => string | null) => ({
    validator: (_: unknown, value?: string) => {
      const found = problem((value ?? '').trim())
      return found ? Promise.reject(new Error(found)) : Promise.resolve()
    },
  })
  return (
    <Modal
      open={open}
      title="邀请员工"
      okText="创建账号"
      cancelText="取消"
      okButtonProps={{ loading: isPending }}
      onCancel={onCancel}
      onOk={() =>
        void form.validateFields().then((values) => onSubmit({ ...values, phone: values.phone.trim(), nickname: values.nickname.trim() }))
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ role: 'editor' }}>
        <Form.Item name="phone" label="手机号" rules={[check(phoneProblem)]}>
          <Input placeholder="员工用于登录的手机号" maxLength={11} />
        </Form.Item>
        <Form.Item name="nickname" label="昵称" rules={[check(nicknameProblem)]}>
          <Input placeholder="在控制台和操作日志中显示" />
        </Form.Item>
        <Form.Item name="role" label="角色" extra={roleChosen ? STAFF_ROLE_DUTIES[roleChosen] : undefined}>
          <Select options={roleOptions} aria-label="员工角色" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
