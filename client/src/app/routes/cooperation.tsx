import { Navigate, redirect, useSearchParams } from 'react-router'
import { ContentPage } from '../../components/content/content-page'
import { SidePanel } from '../../components/content/side-panel'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { ErrorState, PageSpinner } from '../../components/ui/states'
import { aboutPageQuery, useAboutPage } from '../../features/about/api/get-about-page'
import { cooperationTypesQuery, useCooperationTypes } from '../../features/cooperation/api/get-cooperation-types'
import { BookingCall } from '../../features/cooperation/components/booking-call'
import { ContactPanel } from '../../features/cooperation/components/contact-panel'
import { TypeCard } from '../../features/cooperation/components/type-card'
import { TypeLinks } from '../../features/cooperation/components/type-links'
import { typePath } from '../../features/cooperation/paths'
import type { CooperationType } from '../../../../common/api/cooperation'
import { parsePositiveInt } from '../../lib/use-page-param'
import type { PageLoader } from '../page-data'

/** An old `/cooperation?type=N` link: the type's own page now (null when there is none to go to). */
function oldTypeLink(search: URLSearchParams, types: CooperationType[] | undefined) {
  const requested = parsePositiveInt(search.get('type'), 0)
  const type = requested ? types?.find((item) => item.id === requested) : undefined
  return type ? typePath(type) : null
}

export const loader: PageLoader = async ({ url, queries }) => {
  await queries.prefetch(cooperationTypesQuery(), aboutPageQuery('contact'))
  const moved = oldTypeLink(url.searchParams, queries.data(cooperationTypesQuery()))
  if (moved) throw redirect(moved, 301)
}

/** 商务合作: the five cooperation types, each leading to its own page, and the way to book a teacher. */
export default function CooperationPage() {
  const [search] = useSearchParams()
  const types = useCooperationTypes()
  const contact = useAboutPage('contact')
  usePageMeta({ menu: 'cooperation' })

  const moved = oldTypeLink(search, types.data)
  if (moved) return <Navigate to={moved} replace />
  return (
    <>
      <PageBanner title="商务合作" subtitle="专题培训 · 干部讲座 · 政策解读 · 战略咨询 · 高端会议" crumbs={[{ label: '商务合作' }]} />
      <ContentPage
        aside={
          <>
            {types.data && types.data.length > 0 && (
              <SidePanel title="合作类型详情">
                <TypeLinks types={types.data} />
              </SidePanel>
            )}
            <ContactPanel html={contact.data?.content} isLoading={contact.isPending} />
          </>
        }
      >
        {types.isPending ? (
          <PageSpinner />
        ) : !types.data || types.data.length === 0 ? (
          <ErrorState message={types.error?.message ?? '暂无合作类型'} onRetry={() => types.refetch()} />
        ) : (
          <>
            <section className="coop-overview" aria-labelledby="coop-overview-title">
              <div className="list-head">
                <h2 id="coop-overview-title" className="list-head__title">
                  合作类型
                </h2>
                <span className="list-head__count">共 {types.data.length} 类服务</span>
              </div>
              <p className="coop-overview__lead">
                依托名师资源，为党政机关、企事业单位与高校提供专题培训、干部讲座、政策解读、战略咨询和高端会议等服务。选择一类了解详情，或直接提交预约。
              </p>
              <ul className="coop-type-grid">
                {types.data.map((type, index) => (
                  <li key={type.id}>
                    <TypeCard type={type} isFirst={index === 0} />
                  </li>
                ))}
                <li>
                  <BookingCall isTile />
                </li>
              </ul>
            </section>
          </>
        )}
      </ContentPage>
    </>
  )
}
