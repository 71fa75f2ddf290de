import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { ALERT_KINDS, ALERT_PROVIDERS, type AlertKind, type AlertProvider } from '../../../../common/notifications'
import { formatDateTime } from '../../lib/date'
import { adminAction, useAdminQuery } from '../api/admin-client'
import { PageContainer } from '../ui/page-container'
import { TableEmpty } from '../ui/table-empty'
import { useNotifyError } from '../ui/use-notify-error'

export type AlertChannel = {
  id: number
  name: string
  provider: AlertProvider
  providerText: string
  urlMasked: string
  hasSecret: boolean
  secretMasked: string
  events: AlertKind[]
  enabled: boolean
  lastError: string
  lastSentAt: string | null
}
type ChannelList = { list: AlertChannel[]; failedDeliveries: number }
type TestResult = { isSent: boolean; message: string }
type FormValues = {
  name: string
  provider: AlertProvider
  url?: string
  secret?: string
  removeSecret?: boolean
  events: AlertKind[]
  enabled: boolean
}

const PROVIDERS = Object.entries(ALERT_PROVIDERS) as [AlertProvider, string][]
const KINDS = Object.entries(ALERT_KINDS) as [AlertKind, string][]

/** Where each robot's secret comes from; 企业微信's robot has no signing (its key is in the URL). */
const SECRET_HELP: Record<AlertProvider, string | null> = {
  wecom: null,
  dingtalk: '机器人安全设置中「加签」的密钥（SEC 开头）；不加签可留空',
  feishu: '机器人安全设置中「签名校验」的密钥；未开启可留空',
  json: '设置后每个请求带 X-Mingshi-Signature: sha256=<请求体的 HMAC-SHA256>',
}
const URL_HELP: Record<AlertProvider, string> = {
  wecom: '群机器人的 Webhook 地址，如 https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…',
  dingtalk: '自定义机器人的 Webhook 地址，如 https://oapi.dingtalk.com/robot/send?access_token=…',
  feishu: '自定义机器人的 Webhook 地址，如 https://open.feishu.cn/open-apis/bot/v2/hook/…',
  json: '接收 POST {kind, title, link, at}（JSON）的地址',
}

/** 告警通知: the group-chat robots that hear of new contributions, videos, inquiries and comments. */
export function AlertChannelPage() {
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<AlertChannel | 'new' | null>(null)
  const list = useAdminQuery<ChannelList>('alert', 'alertChannelList')
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'alert'] })
  const remove = useMutation({ mutationFn: (id: number) => adminAction('alertChannelDelete', { id }), onSettled: refresh })
  const test = useMutation({
    mutationFn: (id: number) => adminAction<TestResult>('alertChannelTest', { id }),
    onSuccess: (result) => void (result.isSent ? message.success(result.message) : message.error(result.message)),
    onError: (error) => notifyError(error),
    onSettled: refresh,
  })

  const columns: TableColumnsType<AlertChannel> = [
    {
      key: 'name',
      title: '名称',
      width: 180,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: row.urlMasked }} style={{ maxWidth: 260, fontSize: 12 }}>
            {row.urlMasked}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'provider', title: '类型', width: 170, dataIndex: 'providerText' },
    {
      key: 'events',
      title: '事件',
      width: 220,
      render: (_, row) =>
        row.events.length === 0 ? <Tag>全部事件</Tag> : row.events.map((kind) => <Tag key={kind}>{ALERT_KINDS[kind] ?? kind}</Tag>),
    },
    { key: 'enabled', title: '状态', width: 80, render: (_, row) => (row.enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
    {
      key: 'lastSentAt',
      title: '最近发送',
      width: 140,
      render: (_, row) => (row.lastSentAt ? formatDateTime(row.lastSentAt) : '从未发送'),
    },
    {
      key: 'lastError',
      title: '最近错误',
      width: 220,
      render: (_, row) =>
        row.lastError ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: row.lastError }} style={{ maxWidth: 200 }}>
            {row.lastError}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 200,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<SendOutlined />}
            loading={test.isPending && test.variables === row.id}
            onClick={() => test.mutate(row.id)}
            aria-label={`测试「${row.name}」`}
          >
            测试
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(row)} aria-label={`编辑「${row.name}」`}>
            编辑
          </Button>
          <Popconfirm
            title="删除告警通道"
            description={`确定删除「${row.name}」吗？排队中的推送将跳过。`}
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync(row.id).then(
                () => void message.success('已删除'),
                (error: unknown) => notifyError(error),
              )
            }
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`删除「${row.name}」`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]

  const failed = list.data?.failedDeliveries ?? 0
  return (
    <PageContainer
      title="告警通知"
      description="有新投稿、新视频、新名师预约或评论待处理、预约超过 24 小时未回复时，推送到企业微信、钉钉、飞书群机器人或自定义 Webhook。推送失败会自动重试。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          添加通道
        </Button>
      }
    >
      {failed > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <>
              有 {failed} 条推送多次重试后仍失败，原因见<Link to="/admin/jobs?state=failed">后台任务</Link>（可重新执行）。
            </>
          }
        />
      )}
      <Card variant="borderless" className="adm-card">
        <Table<AlertChannel>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: <TableEmpty text={list.isError ? list.error.message : '还没有告警通道，点击「添加通道」配置群机器人'} /> }}
        />
      </Card>
      {editing !== null && (
        <ChannelDrawer
          channel={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void message.success('已保存')
            setEditing(null)
            void refresh()
          }}
        />
      )}
    </PageContainer>
  )
}

function ChannelDrawer({ channel, onClose, onSaved }: { channel: AlertChannel | null; onClose: () => void; onSaved: () => void }) {
  const notifyError = useNotifyError()
  const [form] = Form.useForm<FormValues>()
  const provider = Form.useWatch('provider', form) ?? channel?.provider ?? 'wecom'
  const removeSecret = Form.useWatch('removeSecret', form) ?? false
  const save = useMutation({ mutationFn: (input: object) => adminAction<AlertChannel>('alertChannelSave', input) })

  const submit = (values: FormValues) => {
    const url = values.url?.trim()
    const secret = values.secret?.trim()
    const input = {
      ...(channel ? { id: channel.id } : {}),
      name: values.name.trim(),
      provider: values.provider,
      events: values.events ?? [],
      enabled: values.enabled,
      // Left empty on an edit: the stored URL and secret stay (the console only sees them masked).
      ...(url ? { url } : {}),
      ...(values.removeSecret || SECRET_HELP[values.provider] === null ? { secret: '' } : secret ? { secret } : {}),
    }
    save.mutateAsync(input).then(onSaved, (error: unknown) => notifyError(error, '保存失败'))
  }

  return (
    <Drawer
      open
      title={channel ? `编辑告警通道「${channel.name}」` : '添加告警通道'}
      size={560}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          name: channel?.name ?? '',
          provider: channel?.provider ?? 'wecom',
          url: '',
          secret: '',
          removeSecret: false,
          events: channel?.events ?? [],
          enabled: channel?.enabled ?? true,
        }}
      >
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入通道名称' },
            { max: 50, message: '通道名称最多 50 个字' },
          ]}
        >
          <Input placeholder="如：审核群机器人" />
        </Form.Item>
        <Form.Item name="provider" label="类型" rules={[{ required: true, message: '请选择通道类型' }]}>
          <Select options={PROVIDERS.map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item
          name="url"
          label="Webhook 地址"
          extra={channel ? `当前：${channel.urlMasked}。留空则保持不变。` : URL_HELP[provider]}
          rules={[
            { required: !channel, whitespace: true, message: '请输入 Webhook 地址' },
            { max: 1000, message: 'Webhook 地址最多 1000 个字符' },
            { pattern: /^https?:\/\/\S+$/i, message: 'Webhook 地址应为以 http:// 或 https:// 开头的完整网址' },
          ]}
        >
          <Input placeholder={channel ? '留空则保持不变' : 'https://'} autoComplete="off" />
        </Form.Item>
        {SECRET_HELP[provider] !== null && (
          <>
            <Form.Item
              name="secret"
              label="签名密钥"
              extra={
                channel?.hasSecret ? `已设置（${channel.secretMasked}），留空则保持不变。${SECRET_HELP[provider]}` : SECRET_HELP[provider]
              }
              rules={[
                { max: 200, message: '签名密钥最多 200 个字符' },
                { pattern: /^\S*$/, message: '签名密钥不能包含空格' },
              ]}
            >
              <Input.Password
                placeholder={channel?.hasSecret ? '留空则保持不变' : '可选'}
                autoComplete="new-password"
                disabled={removeSecret}
              />
            </Form.Item>
            {channel?.hasSecret && (
              <Form.Item name="removeSecret" valuePropName="checked" style={{ marginTop: -12 }}>
                <Checkbox>移除签名密钥</Checkbox>
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="events" label="推送事件" extra="都不选则推送全部事件">
          <Checkbox.Group options={KINDS.map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  )
}
