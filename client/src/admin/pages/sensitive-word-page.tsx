import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd'
import { labelOf } from '../../../../common/rules/submission-status'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  SENSITIVE_MODE_TEXT,
  SENSITIVE_MODES,
  SENSITIVE_SOURCE_TEXT,
  SENSITIVE_SOURCES,
  SENSITIVE_WORD_MAX,
  type SensitiveMode,
} from '../../../../common/rules/sensitive-word'
import { formatDateTime } from '../../lib/date'
import { adminAction, useAdminQuery, type ListResult } from '../api/admin-client'
import { PageContainer } from '../ui/page-container'
import { useNotifyError } from '../ui/use-notify-error'
import { TableEmpty } from '../ui/table-empty'
import { tablePagination } from '../ui/table-pagination'

type Mode = SensitiveMode
type Word = { id: number; word: string; mode: Mode; createdAt: string; hits: number }
type Hit = {
  id: number
  word: string
  mode: Mode
  source: string
  memberId: number | null
  member: { nickname: string; memberNo: string } | null
  excerpt: string
  createdAt: string
}

const MODE_COLORS: Record<Mode, string> = { block: 'red', mask: 'orange' }
const MODE_HELP: Record<Mode, string> = { block: '包含该词的内容不能提交，提交人会被提示修改', mask: '提交时该词替换为＊，内容照常保存' }
const modeTag = (mode: Mode) => <Tag color={MODE_COLORS[mode]}>{SENSITIVE_MODE_TEXT[mode] ?? mode}</Tag>

/** 敏感词: the word list (block or mask) checked on contributions, nicknames and inquiries, and its hits. */
export function SensitiveWordPage() {
  const [search, setSearch] = useSearchParams()
  const tab = search.get('tab') === 'hits' ? 'hits' : 'words'
  return (
    <PageContainer title="敏感词" description="投稿、昵称和合作咨询提交时检查：拦截的词不允许提交，替换的词改为＊。">
      <Card variant="borderless" className="adm-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'hits' ? { tab: 'hits' } : {})}
          items={[
            { key: 'words', label: '词库', children: <WordTable /> },
            { key: 'hits', label: '命中记录', children: <HitTable /> },
          ]}
        />
      </Card>
    </PageContainer>
  )
}

function WordTable() {
  const { message } = App.useApp()
  const notifyError = useNotifyError()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [keyword, setKeyword] = useState('')
  const [mode, setMode] = useState<Mode | undefined>()
  const [editing, setEditing] = useState<Partial<Word> | null>(null)
  const [form] = Form.useForm<{ word: string; mode: Mode }>()
  const list = useAdminQuery<ListResult<Word>>('sensitiveWord', 'sensitiveWordList', {
    page,
    limit: 20,
    ...(keyword ? { keyword } : {}),
    ...(mode ? { mode } : {}),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'sensitiveWord'] })
  const save = useMutation({ mutationFn: (input: object) => adminAction<Word>('sensitiveWordSave', input), onSettled: refresh })
  const remove = useMutation({ mutationFn: (id: number) => adminAction<null>('sensitiveWordDelete', { id }), onSettled: refresh })

  const open = (word: Partial<Word>) => {
    setEditing(word)
    form.setFieldsValue({ word: word.word ?? '', mode: word.mode ?? 'block' })
  }
  const columns: TableColumnsType<Word> = [
    { key: 'word', title: '敏感词', dataIndex: 'word' },
    { key: 'mode', title: '处理方式', width: 120, render: (_, row) => modeTag(row.mode) },
    { key: 'hits', title: '命中次数', width: 100, dataIndex: 'hits' },
    { key: 'createdAt', title: '添加时间', width: 160, render: (_, row) => formatDateTime(row.createdAt) },
    {
      key: 'actions',
      title: '操作',
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row)}>
            编辑
          </Button>
          <Popconfirm
            title="删除敏感词"
            description={`确定删除「${row.word}」吗？`}
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
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`删除「${row.word}」`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]
  return (
    <>
      <div className="adm-toolbar">
        <Space wrap>
          <Input.Search
            aria-label="搜索敏感词"
            placeholder="搜索敏感词"
            allowClear
            onSearch={(value) => (setKeyword(value.trim()), setPage(1))}
            style={{ width: 220 }}
          />
          <Select
            aria-label="处理方式"
            placeholder="全部方式"
            allowClear
            style={{ width: 120 }}
            value={mode}
            onChange={(value?: Mode) => (setMode(value), setPage(1))}
            options={SENSITIVE_MODES.map((value) => ({ value, label: SENSITIVE_MODE_TEXT[value] }))}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open({})}>
          添加敏感词
        </Button>
      </div>
      <Table<Word>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: <TableEmpty text={list.isError ? list.error.message : '词库为空'} /> }}
        pagination={tablePagination({ page, total: list.data?.total, onChange: setPage, unit: '个' })}
      />
      <Modal
        open={editing !== null}
        title={editing?.id ? '编辑敏感词' : '添加敏感词'}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ loading: save.isPending }}
        onCancel={() => setEditing(null)}
        onOk={() =>
          void form.validateFields().then((values) =>
            save.mutateAsync({ ...(editing?.id ? { id: editing.id } : {}), word: values.word.trim(), mode: values.mode }).then(
              () => {
                void message.success('已保存')
                setEditing(null)
              },
              (error: unknown) => notifyError(error),
            ),
          )
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="word"
            label="敏感词"
            rules={[
              { required: true, whitespace: true, message: '请输入敏感词' },
              { max: SENSITIVE_WORD_MAX, message: `敏感词最多 ${SENSITIVE_WORD_MAX} 个字` },
              { pattern: /^\S*$/, message: '敏感词不能包含空格或换行' },
            ]}
          >
            <Input autoFocus />
          </Form.Item>
          <Form.Item name="mode" label="处理方式">
            <Radio.Group
              options={SENSITIVE_MODES.map((value) => ({ value, label: `${SENSITIVE_MODE_TEXT[value]}：${MODE_HELP[value]}` }))}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

function HitTable() {
  const [page, setPage] = useState(1)
  const [source, setSource] = useState<string | undefined>()
  const list = useAdminQuery<ListResult<Hit>>('sensitiveWord', 'sensitiveHitList', { page, limit: 20, ...(source ? { source } : {}) })
  const columns: TableColumnsType<Hit> = [
    { key: 'createdAt', title: '时间', width: 160, render: (_, row) => formatDateTime(row.createdAt) },
    { key: 'word', title: '敏感词', width: 120, render: (_, row) => <Typography.Text strong>{row.word}</Typography.Text> },
    { key: 'mode', title: '处理', width: 110, render: (_, row) => modeTag(row.mode) },
    { key: 'source', title: '来源', width: 100, render: (_, row) => labelOf(SENSITIVE_SOURCE_TEXT, row.source) },
    {
      key: 'member',
      title: '提交人',
      width: 150,
      render: (_, row) => (row.member ? `${row.member.nickname}（${row.member.memberNo}）` : row.memberId ? `#${row.memberId}` : '访客'),
    },
    { key: 'excerpt', title: '内容摘录', dataIndex: 'excerpt', ellipsis: true },
  ]
  return (
    <>
      <div className="adm-toolbar">
        <Select
          aria-label="来源"
          placeholder="全部来源"
          allowClear
          style={{ width: 140 }}
          value={source}
          onChange={(value?: string) => (setSource(value), setPage(1))}
          options={SENSITIVE_SOURCES.map((value) => ({ value, label: SENSITIVE_SOURCE_TEXT[value] }))}
        />
      </div>
      <Table<Hit>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: <TableEmpty text={list.isError ? list.error.message : '暂无命中记录'} /> }}
        pagination={tablePagination({ page, total: list.data?.total, onChange: setPage })}
      />
    </>
  )
}
