import { Link, useParams } from 'react-router'
import { ContentPage } from '../../components/content/content-page'
import { DetailSection } from '../../components/content/detail-section'
import { DetailFallback, MissingContent } from '../../components/content/detail-states'
import { RankList, SidePanel } from '../../components/content/side-panel'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { RichText } from '../../components/ui/rich-text'
import { paths } from '../../config/paths'
import { bannersQuery } from '../../features/index/api/get-banners'
import { CollectButton } from '../../features/member/components/collect-button'
import { hotLabelsQuery, useHotLabels } from '../../features/special/api/get-hot-labels'
import { hotSpecialsQuery, useHotSpecials } from '../../features/special/api/get-hot-specials'
import { specialDetailsQuery, useSpecialDetails } from '../../features/special/api/get-special-details'
import { SpecialHero } from '../../features/special/components/special-hero'
import { searchPath } from '../../lib/search-params'
import { cutText, stripMarkup } from '../../lib/text'
import { parsePositiveInt } from '../../lib/use-page-param'
import { notFound, type PageLoader } from '../page-data'
import { TopicBanner } from '../topic-banner'

const HOT_SHOWN = 10
const LABELS_SHOWN = 20

export const loader: PageLoader = async ({ params, queries }) => {
  const id = parsePositiveInt(params.id, 0)
  if (!id) notFound()
  await queries.require(specialDetailsQuery(id))
  await queries.prefetch(hotSpecialsQuery(), hotLabelsQuery(), bannersQuery('special'))
}

export default function SubjectDetailPage() {
  const id = parsePositiveInt(useParams().id, 0)
  const special = useSpecialDetails(id)
  const hotSpecials = useHotSpecials()
  const hotLabels = useHotLabels()
  const data = special.data
  usePageMeta({
    menu: 'subject',
    title: data?.title,
    keywords: data?.tags.map((tag) => tag.name).join(','),
    description: data ? cutText(data.intro || stripMarkup(data.content)) : undefined,
    image: data?.cover_img,
    ogType: 'article',
  })

  const crumbs = [
    { label: '专题', to: paths.subject() },
    ...(data?.categoryName ? [{ label: data.categoryName, to: paths.subject(data.categoryId) }] : []),
    { label: '专题详情' },
  ]
  const aside = (
    <>
      <SidePanel title="热门专题" moreTo={paths.subject()}>
        <RankList
          items={(hotSpecials.data ?? [])
            .slice(0, HOT_SHOWN)
            .map((item) => ({ id: item.id, title: item.title, to: paths.subjectDetail(item.id) }))}
          emptyText={hotSpecials.isPending ? '加载中…' : '暂无热门专题'}
        />
      </SidePanel>
      <SidePanel title="热门标签">
        {hotLabels.data && hotLabels.data.length > 0 ? (
          <ul className="tag-list">
            {hotLabels.data.slice(0, LABELS_SHOWN).map((label) => (
              <li key={label.name}>
                <Link to={searchPath({ type: 'special', label: label.name })}>{label.name}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rank-list__empty">{hotLabels.isPending ? '加载中…' : '暂无热门标签'}</p>
        )}
      </SidePanel>
    </>
  )

  return (
    <>
      <PageBanner title="热点专题" crumbs={crumbs} />
      <TopicBanner isSlim />
      {!id || !data ? (
        <ContentPage>
          {!id ? (
            <MissingContent title="该专题不存在" backTo={paths.subject()} backLabel="浏览全部专题" />
          ) : (
            <DetailFallback query={special} backTo={paths.subject()} backLabel="浏览全部专题" />
          )}
        </ContentPage>
      ) : (
        <ContentPage aside={aside}>
          <SpecialHero special={data} action={<CollectButton kind="special" id={data.id} initialCollected={data.isCollected} />} />
          <DetailSection title="专题内容">
            {data.content ? <RichText html={data.content} /> : <p>{data.intro || '暂无专题内容'}</p>}
          </DetailSection>
        </ContentPage>
      )}
    </>
  )
}
