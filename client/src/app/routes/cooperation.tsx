import { Link, useSearchParams } from 'react-router'
import { ContentPage } from '../../components/content/content-page'
import { SidePanel } from '../../components/content/side-panel'
import { TitledList } from '../../components/content/titled-list'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { ErrorState, PageSpinner } from '../../components/ui/states'
import { paths } from '../../config/paths'
import { aboutPageQuery, useAboutPage } from '../../features/about/api/get-about-page'
import { cooperationListQuery, useCooperationList } from '../../features/cooperation/api/get-cooperation-list'
import { cooperationTypesQuery, useCooperationTypes } from '../../features/cooperation/api/get-cooperation-types'
import { ContactPanel } from '../../features/cooperation/components/contact-panel'
import { CooperationCard } from '../../features/cooperation/components/cooperation-card'
import { TypeIcon } from '../../features/cooperation/components/type-icon'
import { TypeLinks } from '../../features/cooperation/components/type-links'
import { TypeTabs } from '../../features/cooperation/components/type-tabs'
import { cooperationPath, typePath } from '../../features/cooperation/paths'
import { ResponsiveImage } from '../../components/ui/responsive-image'
import { useScrollMemory } from '../../lib/scroll-memory'
import { parsePositiveInt, usePageParam } from '../../lib/use-page-param'
import type { PageLoader } from '../page-data'

const PAGE_SIZE = 10
const FIRST_TYPE = 1

export const loader: PageLoader = async ({ url, queries }) => {
  await queries.prefetch(cooperationTypesQuery(), aboutPageQuery('contact'))
  const types = queries.data(cooperationTypesQuery())
  const requested = parsePositiveInt(url.searchParams.get('type'), FIRST_TYPE)
  const active = types?.find((type) => type.id === requested) ?? types?.[0]
  const page = parsePositiveInt(url.searchParams.get('page'))
  if (active) await queries.prefetch(cooperationListQuery({ type: active.id, page, limit: PAGE_SIZE }))
}

export default function CooperationPage() {
  const [search] = useSearchParams()
  const [page, setPage] = usePageParam()
  const types = useCooperationTypes()
  const requested = parsePositiveInt(search.get('type'), FIRST_TYPE)
  const active = types.data?.find((type) => type.id === requested) ?? types.data?.[0]
  const entries = useCooperationList({ type: active?.id ?? 0, page, limit: PAGE_SIZE }, Boolean(active))
  const contact = useAboutPage('contact')
  useScrollMemory(entries.isSuccess && !entries.isPlaceholderData)
  usePageMeta({ menu: 'cooperation' })

  const typeHref = (id: number) => `${paths.cooperation}?type=${id}`
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
        ) : !types.data || !active ? (
          <ErrorState message={types.error?.message ?? '暂无合作类型'} onRetry={() => types.refetch()} />
        ) : (
          <>
            <TypeTabs types={types.data} activeId={active.id} hrefFor={typeHref} />
            <section className="coop-intro card" aria-labelledby="coop-type-title">
              <div className="coop-intro__art">
                {active.cover_img ? (
                  <ResponsiveImage
                    src={active.cover_img}
                    alt={active.name}
                    width={640}
                    height={400}
                    sizes="(max-width: 768px) 100vw, 420px"
                    priority
                  />
                ) : (
                  <TypeIcon typeId={active.id} />
                )}
              </div>
              <div className="coop-intro__body">
                <h2 id="coop-type-title">{active.name}</h2>
                <p>{active.intro}</p>
                <Link className="btn" to={typePath(active)}>
                  查看{active.name}服务详情
                </Link>
              </div>
            </section>
            <TitledList
              heading={`${active.name}项目`}
              countText={(total) => `共 ${total} 个项目`}
              query={entries}
              emptyText="该类型暂无合作项目"
              onPageChange={setPage}
              listClassName="coop-entries"
              renderItem={(entry) => <CooperationCard cooperation={entry} typeId={active.id} to={cooperationPath(active, entry.id)} />}
            />
          </>
        )}
      </ContentPage>
    </>
  )
}
