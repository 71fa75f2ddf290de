import { CloudDownloadOutlined, InboxOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, List, Result, Row, Typography, Upload } from 'antd'
import { useState } from 'react'
import { mediaUrl } from '../../lib/api-client'
import { formatFileSize } from '../../lib/text'
import type { SeedKind } from '../../../../common/content-schemas'
import { adminAction, adminUpload } from '../api/admin-client'
import { contentEntities } from '../entities/content-entities'
import { PageContainer } from '../ui/page-container'

type ExportResult = { url: string; expiresAt?: string; size?: number; name?: string }
/** What the server's `Admin/import` answers: records per seed file, media files by what was done with them. */
export type ImportResult = {
  counts: Partial<Record<SeedKind, number>>
  media: { copied: number; drawn: number; unchanged: number }
  durationMs: number
}

// The server takes archives up to 1 GB (server/lib/uploads.ts).
const ZIP_LIMIT = 1024 * 1024 * 1024

/**
 * The importer's refusal: a headline ending in "：" and one problem per line
 * ("种子数据有误，未导入任何内容：\nteachers.json 第 3 条 …").
 */
export function problemsOf(message: string): { title: string; problems: string[] } {
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  if (lines.length > 1 && lines[0].endsWith('：')) return { title: lines[0].slice(0, -1), problems: lines.slice(1) }
  return { title: '导入被拒绝，数据库没有任何改动', problems: lines }
}

const KIND_LABELS: Partial<Record<SeedKind, string>> = {
  ...Object.fromEntries(contentEntities.map(({ config }) => [config.kind, config.title])),
  settings: '站点配置',
  'menu-seo': '栏目 SEO',
}

const MEDIA_WORDS = { copied: '新复制', drawn: '新生成', unchanged: '已有未变' } as const

/** "名师 120，课程 300；媒体文件 45 个（新复制 40，已有未变 5）；用时 3.2 秒": an import's result in words. */
export function importSummaryOf({ counts, media, durationMs }: ImportResult): string {
  const records = Object.entries(counts)
    .filter(([, count]) => count)
    .map(([kind, count]) => `${KIND_LABELS[kind as SeedKind] ?? kind} ${count}`)
  const mediaParts = (Object.keys(MEDIA_WORDS) as (keyof typeof MEDIA_WORDS)[])
    .filter((part) => media[part])
    .map((part) => `${MEDIA_WORDS[part]} ${media[part]}`)
  const mediaTotal = media.copied + media.drawn + media.unchanged
  return [
    records.length ? records.join('，') : '没有记录',
    `媒体文件 ${mediaTotal} 个${mediaParts.length ? `（${mediaParts.join('，')}）` : ''}`,
    `用时 ${(durationMs / 1000).toFixed(1)} 秒`,
  ].join('；')
}

/** 导入导出: the whole content as a seed folder zip, and such a zip imported all-or-nothing. */
export function TransferPage() {
  const { modal, message } = App.useApp()
  const queryClient = useQueryClient()
  const [refusal, setRefusal] = useState<ReturnType<typeof problemsOf> | null>(null)
  const [imported, setImported] = useState<ImportResult | null>(null)
  const exporting = useMutation({
    mutationFn: () => adminAction<ExportResult>('export'),
    onSuccess: (result) => {
      // A short-lived signed address: start the download at once.
      const link = document.createElement('a')
      link.href = mediaUrl(result.url)
      link.download = result.name ?? ''
      document.body.append(link)
      link.click()
      link.remove()
      void message.success(`导出完成${result.size ? `（${formatFileSize(result.size)}）` : ''}，正在下载`)
    },
    onError: (error) => void message.error(error.message),
  })
  const importing = useMutation({
    mutationFn: (file: File) => adminUpload<ImportResult>('import', file),
    onMutate: () => {
      setRefusal(null)
      setImported(null)
    },
    onSuccess: (result) => {
      setImported(result)
      void queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
    onError: (error) => setRefusal(problemsOf(error.message)),
  })

  const confirmImport = (file: File) =>
    modal.confirm({
      title: '导入内容',
      content: `将导入「${file.name}」中的全部内容，同名（相同 slug）的记录会被覆盖。导入要么全部成功，要么什么都不改变。确定继续吗？`,
      okText: '开始导入',
      cancelText: '取消',
      onOk: () => importing.mutate(file),
    })

  return (
    <PageContainer
      title="导入导出"
      description="导出的压缩包就是一个种子文件夹（JSON 和媒体文件），可用 npm run seed 导入空数据库，也可以在这里导回。"
    >
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card variant="borderless" className="adm-card" title="导出全部内容">
            <Typography.Paragraph type="secondary">
              包含名师、课程、专题、分类、标签、轮播图、资讯、合作、友情链接、关于我们、站点配置与栏目 SEO，以及它们引用的图片和视频。
            </Typography.Paragraph>
            <Button
              type="primary"
              size="large"
              icon={<CloudDownloadOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
            >
              {exporting.isPending ? '正在打包…' : '导出为 zip'}
            </Button>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card variant="borderless" className="adm-card" title="导入">
            <Upload.Dragger
              accept=".zip,application/zip"
              showUploadList={false}
              disabled={importing.isPending}
              beforeUpload={(file) => {
                if (!file.name.toLowerCase().endsWith('.zip')) {
                  void message.error('请选择 zip 压缩包')
                  return Upload.LIST_IGNORE
                }
                if (file.size > ZIP_LIMIT) {
                  void message.error(`压缩包不能超过 ${ZIP_LIMIT / 1024 / 1024}MB`)
                  return Upload.LIST_IGNORE
                }
                confirmImport(file)
                return Upload.LIST_IGNORE
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{importing.isPending ? '正在校验并导入…' : '点击或拖入导出的 zip 压缩包'}</p>
              <p className="ant-upload-hint">先校验全部文件，有任何问题都不会写入</p>
            </Upload.Dragger>
            {refusal && (
              <Alert
                type="error"
                showIcon
                style={{ marginTop: 16 }}
                title={refusal.title}
                description={
                  <List
                    size="small"
                    dataSource={refusal.problems}
                    renderItem={(problem) => <List.Item style={{ padding: '4px 0' }}>{problem}</List.Item>}
                  />
                }
              />
            )}
            {imported && <Result status="success" title="导入完成，前台已更新" subTitle={importSummaryOf(imported)} />}
          </Card>
        </Col>
      </Row>
    </PageContainer>
  )
}
