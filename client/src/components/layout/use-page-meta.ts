import { useContext, useEffect } from 'react'
import { useLocation, type Location } from 'react-router'
import { useMenuSeo } from '../../features/index/api/get-menu-seo'
import { useSiteInfo } from '../../features/index/api/get-site-info'
import { SITE_NAME } from '../../features/index/constants'
import { itemPageTitle } from '../../../../common/seo/item-page-title'
import { mediaAddress } from '../../lib/media-address'
import { applyHeadTags, HeadContext, type HeadPart, type HeadTag } from './page-head'

export type PageMeta = {
  menu?: string
  title?: string
  keywords?: string
  description?: string
  /** The item's picture (a media path), for share cards and structured data. */
  image?: string | null
  /** Open Graph type of the page; 'website' unless it is an article or a person. */
  ogType?: 'website' | 'article' | 'profile'
  /** schema.org data of the item (Person, Course, Article, FAQPage...); its url and image are filled in. */
  schema?: Record<string, unknown>
  /** False for pages search engines should not keep (not found). */
  isIndexable?: boolean
  /**
   * The item's own SEO fields (common/content-types/shared-fields.ts seoFields): when set they replace
   * the title (whole, as written), the description and the keywords the page would otherwise derive.
   */
  seo?: ItemSeo
}

export type ItemSeo = { seoTitle?: string; seoDescription?: string; seoKeywords?: string }

/** The search parameters that change what a page shows; anything else (tracking, typos) is dropped. */
const CANONICAL_PARAMS = ['q', 'type', 'tab', 'entry', 'page']

export function canonicalPath({ pathname, search }: Pick<Location, 'pathname' | 'search'>): string {
  const given = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const name of CANONICAL_PARAMS) {
    const value = given.get(name)
    if (value && !(name === 'page' && value === '1')) kept.set(name, value)
  }
  const query = kept.toString()
  return query ? `${pathname}?${query}` : pathname
}

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`)

/**
 * Server render: hands the tags to the render's collector. Browser: applies them to document.head
 * once they change (and, for `isTemporary` groups, removes them when the component goes away).
 */
function useHeadTags(part: HeadPart, tags: HeadTag[], isTemporary = false) {
  const { collect } = useContext(HeadContext)
  collect?.(part, tags)
  const key = JSON.stringify(tags)
  useEffect(() => {
    applyHeadTags(part, JSON.parse(key) as HeadTag[])
    if (isTemporary) return () => applyHeadTags(part, [])
  }, [part, key, isTemporary])
}

type ResolvedMeta = {
  title: string
  /** The item's own name, when the page is about one (og:title). */
  name?: string
  keywords: string
  description: string
  url: string
  imageUrl?: string
  ogType: NonNullable<PageMeta['ogType']>
  schema?: Record<string, unknown>
  isIndexable: boolean
}

/** The head tags of a page, in the order they are written. */
export function pageHeadTags(meta: ResolvedMeta): HeadTag[] {
  const tags: HeadTag[] = [{ kind: 'title', text: meta.title }]
  if (meta.keywords) tags.push({ kind: 'meta', name: 'keywords', content: meta.keywords })
  if (meta.description) tags.push({ kind: 'meta', name: 'description', content: meta.description })
  if (!meta.isIndexable) return [...tags, { kind: 'meta', name: 'robots', content: 'noindex' }]
  tags.push(
    { kind: 'link', rel: 'canonical', href: meta.url },
    { kind: 'property', property: 'og:site_name', content: SITE_NAME },
    { kind: 'property', property: 'og:locale', content: 'zh_CN' },
    { kind: 'property', property: 'og:type', content: meta.ogType },
    { kind: 'property', property: 'og:title', content: meta.name || meta.title },
    { kind: 'property', property: 'og:url', content: meta.url },
  )
  if (meta.description) tags.push({ kind: 'property', property: 'og:description', content: meta.description })
  if (meta.imageUrl) tags.push({ kind: 'property', property: 'og:image', content: meta.imageUrl })
  tags.push({ kind: 'meta', name: 'twitter:card', content: meta.imageUrl ? 'summary_large_image' : 'summary' })
  if (meta.schema) {
    const json: Record<string, unknown> = { '@context': 'https://schema.org', url: meta.url, ...meta.schema }
    if (meta.imageUrl && json.image === undefined) json.image = meta.imageUrl
    tags.push({ kind: 'json-ld', json })
  }
  return tags
}

/**
 * The page's head: title, keywords and description from the menu's SEO row (Index/getMenuseo) or the
 * site info, overridden by explicit values (detail pages pass the item's); the canonical link, Open
 * Graph tags and JSON-LD.
 */
export function usePageMeta({
  menu,
  title,
  keywords,
  description,
  image,
  ogType = 'website',
  schema,
  isIndexable = true,
  seo: item,
}: PageMeta) {
  const { origin, isPreview } = useContext(HeadContext)
  const location = useLocation()
  const seo = useMenuSeo()
  const site = useSiteInfo().data
  const row = menu ? seo.data?.find((item) => item.menu === menu) : undefined
  const home = seo.data?.find((item) => item.menu === 'home')
  const seoTitle = item?.seoTitle?.trim()
  const seoDescription = item?.seoDescription?.trim()
  const finalDescription = seoDescription || description || row?.description || site?.description || home?.description || ''
  const tags = pageHeadTags({
    title: seoTitle || title ? itemPageTitle(seoTitle, title, SITE_NAME) : row?.title || site?.title || home?.title || SITE_NAME,
    name: seoTitle || title,
    keywords: item?.seoKeywords?.trim() || keywords || row?.keywords || site?.keywords || home?.keywords || '',
    description: finalDescription,
    url: `${origin}${canonicalPath(location)}`,
    imageUrl: image ? absolute(origin, mediaAddress(image)) : undefined,
    ogType,
    schema: schema && withItemSeo(schema, seoTitle, seoDescription),
    isIndexable: isIndexable && !isPreview,
  })
  useHeadTags('page', tags)
}

/**
 * The item's SEO title and description in its structured data, where it has a name or description:
 * a person's name stays the person's (a search title is no name).
 */
function withItemSeo(schema: Record<string, unknown>, seoTitle?: string, seoDescription?: string): Record<string, unknown> {
  const json = { ...schema }
  if (seoTitle && 'name' in json && json['@type'] !== 'Person') json.name = seoTitle
  if (seoTitle && 'headline' in json) json.headline = seoTitle
  if (seoDescription && 'description' in json) json.description = seoDescription
  return json
}

/** BreadcrumbList JSON-LD of the page's trail (the last crumb is the page itself). */
export function useBreadcrumbs(trail: { label: string; to?: string }[]) {
  const { origin } = useContext(HeadContext)
  const location = useLocation()
  const here = `${origin}${canonicalPath(location)}`
  const json = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: crumb.to && index < trail.length - 1 ? absolute(origin, crumb.to) : here,
    })),
  }
  useHeadTags('breadcrumbs', [{ kind: 'json-ld', json }], true)
}
