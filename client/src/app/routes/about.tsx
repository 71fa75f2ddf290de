import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { RichText } from '../../components/ui/rich-text'
import { EmptyState, ErrorState, PageSpinner } from '../../components/ui/states'
import { aboutPageQuery, useAboutPage } from '../../features/about/api/get-about-page'
import { partnersQuery, usePartners } from '../../features/about/api/get-partners'
import { AboutTabs } from '../../features/about/components/about-tabs'
import { ContactCards } from '../../features/about/components/contact-cards'
import { PartnerGrid } from '../../features/about/components/partner-grid'
import { aboutSection } from '../../features/about/sections'
import { useConfig } from '../../features/index/api/get-config'
import { formatDate } from '../../lib/date'
import '../../features/about/components/about.css'
import type { PageLoader } from '../page-data'

// 平台介绍 also presents the services (Course/getService) below the introduction; the partners tab has no text.
export const loader: PageLoader = ({ url, queries }) => {
  const { key } = aboutSection(url.searchParams.get('tab'))
  if (key === null) return queries.prefetch(partnersQuery())
  return queries.prefetch(aboutPageQuery(key), ...(key === 'intro' ? [aboutPageQuery('service')] : []))
}

export default function AboutPage() {
  const [search] = useSearchParams()
  const section = aboutSection(search.get('tab'))
  const page = useAboutPage(section.key)
  // 平台介绍 also presents the services (Course/getService) below the introduction.
  const service = useAboutPage(section.key === 'intro' ? 'service' : null)
  const partners = usePartners(section.key === null)
  const config = useConfig()
  usePageMeta({ menu: 'about', title: section.id === 1 ? undefined : section.label })

  // Spec §4: changing the about tab scrolls the page to the top.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [section.id])

  const title = page.data?.title || section.label
  return (
    <>
      <PageBanner
        title="关于我们"
        subtitle="汇聚名师智慧，服务干部成长"
        crumbs={[{ label: '关于我们', to: '/about' }, { label: section.label }]}
      />
      <div className="container about-layout">
        <AboutTabs activeId={section.id} />
        <section className="about-panel card" aria-labelledby="about-title">
          <h2 className="about-panel__title" id="about-title">
            {section.key ? title : section.label}
          </h2>
          {section.key === null ? (
            <>
              <p className="about-panel__meta">感谢以下机构对名师网的信任与支持（排名不分先后）</p>
              {partners.isPending ? (
                <PageSpinner />
              ) : partners.isError ? (
                <ErrorState message={partners.error.message} onRetry={() => partners.refetch()} />
              ) : partners.data.length === 0 ? (
                <EmptyState text="暂无合作伙伴" />
              ) : (
                <PartnerGrid partners={partners.data} />
              )}
            </>
          ) : page.isPending ? (
            <PageSpinner />
          ) : page.isError ? (
            <ErrorState message={page.error.message} onRetry={() => page.refetch()} />
          ) : (
            <>
              <p className="about-panel__meta">
                {page.data.updatedAt && <>更新日期：{formatDate(page.data.updatedAt)}</>}
                {(section.key === 'terms' || section.key === 'privacy') && page.data.version && <> · 版本：{page.data.version}</>}
              </p>
              {section.key === 'contact' && config.data && <ContactCards contact={config.data} />}
              <RichText html={page.data.content} />
              {service.data && (
                <>
                  <h3 className="about-panel__sub">{service.data.title}</h3>
                  <RichText html={service.data.content} />
                </>
              )}
            </>
          )}
        </section>
      </div>
    </>
  )
}
