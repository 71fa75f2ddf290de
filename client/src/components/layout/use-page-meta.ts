import { useEffect } from 'react'
import { useMenuSeo } from '../../features/index/api/get-menu-seo'
import { SITE_NAME } from '../../features/index/constants'

export type PageMeta = { menu?: string; title?: string; keywords?: string; description?: string }

function setMetaTag(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = name
    document.head.appendChild(tag)
  }
  tag.content = content
}

/**
 * Sets document title, keywords and description from the menu's SEO row (Index/getMenuseo),
 * overridden by explicit values: detail pages pass the item's title and summary.
 */
export function usePageMeta({ menu, title, keywords, description }: PageMeta) {
  const seo = useMenuSeo()
  const row = menu ? seo.data?.find((item) => item.menu === menu) : undefined
  const home = seo.data?.find((item) => item.menu === 'home')

  const pageTitle = title ? `${title} — ${SITE_NAME}` : row?.title || home?.title || SITE_NAME
  const pageKeywords = keywords || row?.keywords || home?.keywords || ''
  const pageDescription = description || row?.description || home?.description || ''

  useEffect(() => {
    document.title = pageTitle
    if (pageKeywords) setMetaTag('keywords', pageKeywords)
    if (pageDescription) setMetaTag('description', pageDescription)
  }, [pageTitle, pageKeywords, pageDescription])
}
