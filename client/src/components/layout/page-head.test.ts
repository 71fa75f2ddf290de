import { describe, expect, test } from 'vitest'
import { applyHeadTags, headTagsHtml, scriptSafeJson, type HeadTag } from './page-head'
import { canonicalPath, pageHeadTags } from './use-page-meta'

const tags: HeadTag[] = [
  { kind: 'title', text: '课程 <A&B> — 名师网' },
  { kind: 'meta', name: 'description', content: '"引号" & <标签>' },
  { kind: 'link', rel: 'canonical', href: 'https://example.com/course/detail/1' },
  { kind: 'property', property: 'og:title', content: '课程' },
  { kind: 'json-ld', json: { '@type': 'Course', name: '</script><script>alert(1)</script>' } },
]

describe('head tags', () => {
  test('as HTML for the server render: escaped, marked with their group, JSON-LD unable to close its script', () => {
    const html = headTagsHtml('page', tags)

    expect(html).toContain('<title>课程 &lt;A&amp;B&gt; — 名师网</title>')
    expect(html).toContain('<meta data-head="page" name="description" content="&quot;引号&quot; &amp; &lt;标签&gt;">')
    expect(html).toContain('<link data-head="page" rel="canonical" href="https://example.com/course/detail/1">')
    expect(html).not.toContain('</script><script>')
    expect(JSON.parse(scriptSafeJson({ a: '</script>\u2028' }))).toEqual({ a: '</script>\u2028' })
  })

  test('applied in the browser: a group replaces its own tags and index.html’s keywords and description', () => {
    document.head.innerHTML = '<meta name="description" content="静态"><meta name="keywords" content="静态">'
    applyHeadTags('page', tags)
    applyHeadTags('breadcrumbs', [{ kind: 'json-ld', json: { '@type': 'BreadcrumbList' } }])
    applyHeadTags('page', [
      { kind: 'title', text: '第二页' },
      { kind: 'meta', name: 'description', content: '新的' },
    ])

    expect(document.title).toBe('第二页')
    expect([...document.head.querySelectorAll('meta[name="description"]')].map((meta) => meta.getAttribute('content'))).toEqual(['新的'])
    expect(document.head.querySelector('meta[name="keywords"]')).toBeNull()
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull()
    expect(document.head.querySelectorAll('script[data-head="breadcrumbs"]')).toHaveLength(1)
  })
})

describe('canonicalPath', () => {
  test('keeps the parameters a page reads, drops page 1 and everything else', () => {
    expect(canonicalPath({ pathname: '/course/3', search: '?page=2&utm_source=x' })).toBe('/course/3?page=2')
    expect(canonicalPath({ pathname: '/course', search: '?page=1' })).toBe('/course')
    expect(canonicalPath({ pathname: '/about', search: '?tab=4&from=footer' })).toBe('/about?tab=4')
  })
})

describe('pageHeadTags', () => {
  test('a page kept out of search engines has no canonical link, share tags or JSON-LD', () => {
    const list = pageHeadTags({
      title: '页面未找到 — 名师网',
      keywords: '',
      description: '',
      url: 'https://example.com/x',
      ogType: 'website',
      schema: { '@type': 'WebSite' },
      isIndexable: false,
    })
    expect(list).toEqual([
      { kind: 'title', text: '页面未找到 — 名师网' },
      { kind: 'meta', name: 'robots', content: 'noindex' },
    ])
  })
})
