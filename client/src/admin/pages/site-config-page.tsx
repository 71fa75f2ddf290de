import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Form, Input, Row, Skeleton } from 'antd'
import { useState } from 'react'
import { imageSettingKeys, seedSchemas, settingKeys } from '../../../../common/content-schemas'
import { adminAction, useAdminQuery } from '../api/admin-client'
import { MediaField } from '../media/media-field'
import { PageContainer } from '../ui/page-container'

type SettingKey = (typeof settingKeys)[number]
type Settings = Record<SettingKey, string>

const LABELS: Record<SettingKey, { label: string; help?: string; isLong?: boolean }> = {
  title: { label: '网站标题', help: '浏览器标签和搜索结果中的站点名称' },
  keywords: { label: '关键词', help: '多个关键词以英文逗号分隔', isLong: true },
  description: { label: '网站描述', help: '搜索结果中的摘要', isLong: true },
  company_name: { label: '公司名称', help: '页脚版权和联系方式中显示' },
  logo: { label: '网站 Logo', help: '页头左上角' },
  btlogo: { label: '页脚 Logo', help: '深色背景上的 Logo' },
  icon: { label: '网站图标', help: '浏览器标签上的小图标' },
  wx: { label: '企业微信二维码', help: '页脚和侧边栏' },
  phone: { label: '联系电话' },
  fax: { label: '传真' },
  mailbox: { label: '邮箱' },
  address: { label: '地址' },
  icp: { label: 'ICP 备案号', help: '页脚显示，链接到工信部备案网站' },
}

const GROUPS: { title: string; keys: SettingKey[] }[] = [
  { title: '基本信息', keys: ['title', 'company_name', 'keywords', 'description'] },
  { title: '图片', keys: ['logo', 'btlogo', 'icon', 'wx'] },
  { title: '联系方式与备案', keys: ['phone', 'fax', 'mailbox', 'address', 'icp'] },
]

/** The settings schema checks one key's value, as `npm run seed` does for settings.json. */
const settingRule = (key: SettingKey) => ({
  validator: async (_: unknown, value: unknown) => {
    const parsed = seedSchemas.settings.safeParse({ key, value: value ?? '' })
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message)
  },
})

/** 站点配置: every getConfig / getSiteInfo value in one form; the public pages change at once. */
export function SiteConfigPage() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const config = useAdminQuery<Settings>('config', 'configGet')
  const [form] = Form.useForm<Settings>()
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (values: Settings) => adminAction<Settings>('configSave', values),
    onSuccess: () => {
      setServerError(null)
      void message.success('站点配置已保存，前台已更新')
      void queryClient.invalidateQueries({ queryKey: ['admin', 'config'] })
    },
    onError: (error) => setServerError(error.message),
  })

  return (
    <PageContainer title="站点配置" description="网站名称、Logo、联系方式和备案号；保存后前台立即生效。">
      {config.isError && <Alert type="error" showIcon title={config.error.message} />}
      {!config.data ? (
        <Card className="adm-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={config.data}
          onFinish={(values) => save.mutate(Object.fromEntries(settingKeys.map((key) => [key, (values[key] ?? '').trim()])) as Settings)}
        >
          {serverError && <Alert type="error" showIcon title="保存失败" description={serverError} style={{ marginBottom: 16 }} />}
          {GROUPS.map((group) => (
            <Card key={group.title} variant="borderless" className="adm-card" title={group.title}>
              <Row gutter={24}>
                {group.keys.map((key) => (
                  <Col key={key} xs={24} md={imageSettingKeys.has(key) ? 12 : LABELS[key].isLong ? 24 : 12}>
                    <Form.Item name={key} label={LABELS[key].label} extra={LABELS[key].help} rules={[settingRule(key)]}>
                      {imageSettingKeys.has(key) ? (
                        <MediaField kind="image" />
                      ) : LABELS[key].isLong ? (
                        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
                      ) : (
                        <Input />
                      )}
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </Card>
          ))}
          <div style={{ marginTop: 16 }}>
            <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
              保存配置
            </Button>
          </div>
        </Form>
      )}
    </PageContainer>
  )
}
