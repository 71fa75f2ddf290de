import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Form, Input, Space, Table, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { z } from 'zod'
import { menuSeo } from '../../../../common/content-types/menu-seo'
import { adminAction, useAdminQuery, type ListResult } from '../api/admin-client'
import { PageContainer } from '../ui/page-container'
import { TableEmpty } from '../ui/table-empty'

type MenuSeo = z.infer<typeof menuSeo.schema> & { id?: number }
type Field = Exclude<keyof typeof menuSeo.fields, 'menu'>
// The editable fields of the declaration (common/content-types/menu-seo.ts), with their labels and widths.
const FIELDS = (Object.keys(menuSeo.fields) as (keyof typeof menuSeo.fields)[]).filter((name): name is Field => name !== menuSeo.key)
const labelOf = (field: Field) => menuSeo.fields[field].label
const widthOf = (field: Field) => menuSeo.fields[field].column?.width ?? 200

/** The field's own seed rule checks one cell, as `npm run seed` does for menu-seo.json. */
const cellRule = (field: Field) => ({
  validator: async (_: unknown, value: unknown) => {
    const parsed = menuSeo.fields[field].rule.safeParse(value ?? '')
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message)
  },
})

/** 栏目 SEO: the title, keywords and description of each menu's pages, edited in place. */
export function MenuSeoPage() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const list = useAdminQuery<ListResult<MenuSeo>>('menuSeo', 'menuSeoList', { page: 1, limit: 100 })
  const [editing, setEditing] = useState<string | null>(null)
  const [form] = Form.useForm<MenuSeo>()
  const save = useMutation({
    mutationFn: (row: MenuSeo) => adminAction<MenuSeo>('menuSeoSave', row),
    onSuccess: () => {
      void message.success('已保存')
      setEditing(null)
      void queryClient.invalidateQueries({ queryKey: ['admin', 'menuSeo'] })
    },
    onError: (error) => void message.error(error.message),
  })

  const edit = (row: MenuSeo) => {
    form.setFieldsValue(row)
    setEditing(row.menu)
  }
  const submit = (row: MenuSeo) =>
    void form.validateFields().then((values) => {
      const payload = { ...row, ...Object.fromEntries(FIELDS.map((field) => [field, String(values[field] ?? '').trim()])) }
      save.mutate(payload)
    })

  const columns: TableColumnsType<MenuSeo> = [
    {
      key: 'menu',
      title: '栏目',
      dataIndex: 'menu',
      width: 130,
      render: (menu: string) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {menu}
        </Typography.Text>
      ),
    },
    ...FIELDS.map((field) => ({
      key: field,
      title: labelOf(field),
      dataIndex: field,
      width: widthOf(field),
      render: (value: string, row: MenuSeo) =>
        editing === row.menu ? (
          <Form.Item name={field} rules={[cellRule(field)]} style={{ margin: 0 }}>
            {menuSeo.fields[field].input === 'textarea' ? (
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} aria-label={labelOf(field)} />
            ) : (
              <Input aria-label={labelOf(field)} onPressEnter={() => submit(row)} />
            )}
          </Form.Item>
        ) : (
          <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: widthOf(field) - 24 }}>
            {value || <span className="adm-muted">—</span>}
          </Typography.Text>
        ),
    })),
    {
      key: 'actions',
      title: '操作',
      width: 120,
      fixed: 'right' as const,
      render: (_: unknown, row: MenuSeo) =>
        editing === row.menu ? (
          <Space size={0}>
            <Button type="link" size="small" loading={save.isPending} onClick={() => submit(row)}>
              保存
            </Button>
            <Button type="link" size="small" onClick={() => setEditing(null)}>
              取消
            </Button>
          </Space>
        ) : (
          <Button type="link" size="small" disabled={editing !== null} onClick={() => edit(row)} aria-label={`编辑「${row.name}」`}>
            编辑
          </Button>
        ),
    },
  ]

  return (
    <PageContainer title="栏目 SEO" description="每个栏目页面的标题、关键词和描述，保存后前台立即生效。">
      <Card variant="borderless" className="adm-card">
        <Form form={form} component={false}>
          <Table<MenuSeo>
            rowKey="menu"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <TableEmpty text={list.isError ? list.error.message : '暂无栏目'} /> }}
          />
        </Form>
      </Card>
    </PageContainer>
  )
}
