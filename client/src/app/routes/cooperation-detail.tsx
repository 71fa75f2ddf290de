import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { ArticleView } from '../../components/content/article-view'
import { ContentPage } from '../../components/content/content-page'
import { DetailSection } from '../../components/content/detail-section'
import { DetailFallback, MissingContent } from '../../components/content/detail-states'
import { SectionList } from '../../components/content/section-list'
import { RankList, SidePanel } from '../../components/content/side-panel'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { RichText } from '../../components/ui/rich-text'
import { paths } from '../../config/paths'
import { aboutPageQuery, useAboutPage } from '../../features/about/api/get-about-page'
import { cooperationDetailsQuery, useCooperationDetails } from '../../features/cooperation/api/get-cooperation-details'
import { cooperationListQuery, useCooperationList } from '../../features/cooperation/api/get-cooperation-list'
import { cooperationTypeDetailsQuery, useCooperationTypeDetails } from '../../features/cooperation/api/get-cooperation-type-details'
import { cooperationTypesQuery, useCooperationTypes } from '../../features/cooperation/api/get-cooperation-types'
import { ContactPanel } from '../../features/cooperation/components/contact-panel'
import { CooperationCard } from '../../features/cooperation/components/cooperation-card'
import { BookingCall } from '../../features/cooperation/components/booking-call'
import { TypeIcon } from '../../features/cooperation/components/type-icon'
import { TypeLinks } from '../../features/cooperation/components/type-links'
import { cooperationPath, typePath } from '../../features/cooperation/paths'
import { ResponsiveImage } from '../../components/ui/responsive-image'
import { formatDate } from '../../lib/date'
import { parseCooperationParam, type CooperationParam } from '../../lib/search-params'
import { cutText, stripMarkup } from '../../lib/text'
import { parsePositiveInt } from '../../lib/use-page-param'
import { notFound, type PageLoader } from '../page-data'

const ENTRIES_PER_PAGE = 6
const MORE_ENTRIES = 8
const typeEntriesParams = (type: number, page = 1) => ({ type, page, limit: ENTRIES_PER_PAGE })
// One more than shown: the entry itself is among its type's and is left out.
const moreEntriesParams = (type: number) => ({ type, page: 1, limit: MORE_ENTRIES + 1 })

/** The {a} parameter and ?entry=: a type's page, one of its entries, or nothing (null). */
function parseTarget(rawParam: string | undefined, rawEntry: string | null) {
  const param = parseCooperationParam(rawParam)
  const entryId = rawEntry === null ? null : parsePositiveInt(rawEntry, 0)
  return { param, entryId }
}

// The contact panel sits on every variant; a type's page also lists the other types.
export const loader: PageLoader = async ({ params, url, queries }) => {
  const { param, entryId } = parseTarget(params.a, url.searchParams.get('entry'))
  if (!param || entryId === 0) notFound()
  if (entryId === null) {
    await queries.require(cooperationTypeDetailsQuery(param.id))
    await queries.prefetch(aboutPageQuery('contact'), cooperationTypesQuery(), cooperationListQuery(typeEntriesParams(param.id)))
    return
  }
  const entry = await queries.require(cooperationDetailsQuery(entryId))
  await queries.prefetch(aboutPageQuery('contact'), cooperationListQuery(moreEntriesParams(entry.type.id)))
}

export default function CooperationDetailPage() {
  const [search] = useSearchParams()
  const { param, entryId } = parseTarget(useParams().a, search.get('entry'))
  const contact = useAboutPage('contact')

  const aside = <ContactPanel html={contact.data?.content} isLoading={contact.isPending} />
  if (!param || entryId === 0) return <InvalidLink aside={aside} />
  return entryId === null ? <TypeView param={param} aside={aside} /> : <EntryView param={param} entryId={entryId} aside={aside} />
}

/** A hand-edited or truncated {a} parameter: say so instead of showing an error. */
function InvalidLink({ aside }: { aside: React.ReactNode }) {
  usePageMeta({ menu: 'cooperation' })
  return (
    <>
      <PageBanner title="商务合作" crumbs={[{ label: '商务合作', to: paths.cooperation }, { label: '合作详情' }]} />
      <ContentPage aside={aside}>
        <MissingContent title="合作信息不存在或链接有误" backTo={paths.cooperation} backLabel="返回商务合作" />
      </ContentPage>
    </>
  )
}

function TypeView({ param, aside }: { param: CooperationParam; aside: React.ReactNode }) {
  const type = useCooperationTypeDetails(param.id)
  const types = useCooperationTypes()
  const [page, setPage] = useState(1)
  const entries = useCooperationList(typeEntriesParams(param.id, page), type.isSuccess)
  const data = type.data
  usePageMeta({ menu: 'cooperation', title: data?.name, description: data?.intro })

  const sideTypes = (
    <SidePanel title="合作类型" moreTo={paths.cooperation}>
      <TypeLinks types={types.data ?? []} currentId={param.id} />
    </SidePanel>
  )
  return (
    <>
      <PageBanner
        title={data?.name || param.name || '商务合作'}
        crumbs={[{ label: '商务合作', to: paths.cooperation }, { label: data?.name || param.name || '合作详情' }]}
      />
      <ContentPage
        aside={
          <>
            {aside}
            {sideTypes}
          </>
        }
      >
        {!data ? (
          <DetailFallback query={type} backTo={paths.cooperation} backLabel="返回商务合作" />
        ) : (
          <>
            <section className="coop-intro card" aria-labelledby="coop-detail-title">
              <div className="coop-intro__art">
                {data.cover_img ? (
                  <ResponsiveImage
                    src={data.cover_img}
                    alt={data.name}
                    width={640}
                    height={400}
                    sizes="(max-width: 768px) 100vw, 420px"
                    priority
                  />
                ) : (
                  <TypeIcon typeId={data.id} />
                )}
              </div>
              <div className="coop-intro__body">
                <h2 id="coop-detail-title">{data.name}</h2>
                <p>{data.intro}</p>
                <Link className="btn" to={paths.booking({ type: data.id })}>
                  预约{data.name}
                </Link>
              </div>
            </section>
            <DetailSection title="服务详情">{data.content ? <RichText html={data.content} /> : <p>暂无详细介绍</p>}</DetailSection>
            <DetailSection
              title={`${data.name}项目`}
              extra={entries.data && <span className="list-head__count">共 {entries.data.total} 个</span>}
            >
              <SectionList
                query={entries}
                page={page}
                limit={ENTRIES_PER_PAGE}
                onPageChange={setPage}
                emptyText="该类型暂无合作项目"
                listClassName="coop-entries"
                renderItem={(entry) => <CooperationCard cooperation={entry} typeId={data.id} to={cooperationPath(data, entry.id)} />}
              />
            </DetailSection>
            <BookingCall typeId={data.id} typeName={data.name} />
          </>
        )}
      </ContentPage>
    </>
  )
}

function EntryView({ param, entryId, aside }: { param: CooperationParam; entryId: number; aside: React.ReactNode }) {
  const entry = useCooperationDetails(entryId)
  const data = entry.data
  // The entry knows its real type; the URL's {id, name} only helps before it loads.
  const type = data?.type ?? { id: param.id, name: param.name }
  const more = useCooperationList(moreEntriesParams(type.id), Boolean(data))
  usePageMeta({ menu: 'cooperation', title: data?.title, description: data ? cutText(data.intro || stripMarkup(data.content)) : undefined })

  return (
    <>
      <PageBanner
        title={type.name || '商务合作'}
        crumbs={[
          { label: '商务合作', to: paths.cooperation },
          ...(type.name ? [{ label: type.name, to: typePath(type) }] : []),
          { label: '项目详情' },
        ]}
      />
      <ContentPage
        aside={
          <>
            {aside}
            <SidePanel title={`更多${type.name || '合作'}项目`} moreTo={typePath(type)}>
              <RankList
                items={(more.data?.list ?? [])
                  .filter((item) => item.id !== entryId)
                  .slice(0, MORE_ENTRIES)
                  .map((item) => ({ id: item.id, title: item.title, to: cooperationPath(type, item.id) }))}
                isRanked={false}
              />
            </SidePanel>
          </>
        }
      >
        {!data ? (
          <DetailFallback query={entry} backTo={typePath(type)} backLabel={`查看${type.name || '合作'}详情`} />
        ) : (
          <>
            <ArticleView
              title={data.title}
              cover={data.cover_img}
              lead={data.intro}
              html={data.content}
              pathFor={(id) => cooperationPath(type, id)}
              meta={
                <>
                  <span>
                    合作类型：<Link to={typePath(type)}>{type.name}</Link>
                  </span>
                  {data.createdAt && <span>发布：{formatDate(data.createdAt)}</span>}
                  <span>关注：{data.views}</span>
                </>
              }
            />
            <BookingCall typeId={type.id} typeName={type.name} />
          </>
        )}
      </ContentPage>
    </>
  )
}
