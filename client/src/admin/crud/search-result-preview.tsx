import { Form } from 'antd'
import { itemPageTitle } from '../../../../common/seo/item-page-title'
import { SITE_NAME } from '../../features/index/constants'
import { cutText, stripMarkup } from '../../lib/text'
import type { EntityConfig } from './entity-config'

// What a search engine shows for the item, as staff type: the page's <title> by the rule the
// public page uses (common/seo/item-page-title.ts) and its description, the SEO one or the
// summary the detail page falls back to (its intro, else its text).
// Baidu shows about 30 characters of a title and 80 of a description; more is cut with "…".
const TITLE_SHOWN = 30
const DESCRIPTION_SHOWN = 80
const SUMMARY_FIELDS = ['intro', 'introduction', 'content']

const asText = (value: unknown) => (typeof value === 'string' ? value : '')

export function SearchResultPreview({ config }: { config: EntityConfig }) {
  const form = Form.useFormInstance()
  const values = (Form.useWatch([], form) ?? {}) as Record<string, unknown>
  const title = itemPageTitle(asText(values.seoTitle), asText(values[config.labelField]), SITE_NAME)
  const summary = SUMMARY_FIELDS.map((name) => stripMarkup(asText(values[name])).trim()).find(Boolean) ?? ''
  const description = asText(values.seoDescription).trim() || cutText(summary)
  const host = typeof window === 'undefined' ? '' : window.location.host

  return (
    <section className="adm-serp" aria-label="搜索结果预览">
      <div className="adm-serp-caption">搜索结果预览</div>
      <div className="adm-serp-title">{cutText(title, TITLE_SHOWN)}</div>
      <div className="adm-serp-url">
        {host} › {config.title}
      </div>
      <div className="adm-serp-description">
        {description ? cutText(description, DESCRIPTION_SHOWN) : '（没有简介，搜索引擎会自行摘取页面文字）'}
      </div>
      <div className="adm-serp-counts">
        标题 {[...title].length} 字{[...title].length > TITLE_SHOWN && '，超出部分不显示'} · 摘要 {[...description].length} 字
        {[...description].length > DESCRIPTION_SHOWN && '，超出部分不显示'}
      </div>
    </section>
  )
}
