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
import { CollectButton } from '../../features/collect/components/collect-button'
import { specialTagsQuery, useSpecialTags } from '../../features/special/api/get-special-tags'
import { hotSpecialsQuery, useHotSpecials } from '../../features/special/api/get-hot-specials'
import { specialDetailsQuery, useSpecialDetails } from '../../features/special/api/get-special-details'
import { SpecialHero } from '../../features/special/components/special-hero'
import { searchPath } from '../../lib/search-params'
import { cutText, stripMarkup } from '../../lib/text'
import { parsePositiveInt } from '../../lib/use-page-param'
import { notFound, type PageLoader } from '../page-data'
import { SpecialBanner } from '../special-banner'
import { commentListQuery, CommentSection } from '../../features/comment'

const HOT_SHOWN = 10
const TAGS_SHOWN = 20

export const loader: PageLoader = async ({ params, queries }) => {
  const id = parsePositiveInt(params.id, 0)
  if (!id) notFound()
  await queries.require(specialDetailsQuery(id))
  await queries.prefetch(
    hotSpecialsQuery(),
    specialTagsQuery(),
    bannersQuery('special'),
    commentListQuery({ entity: 'special', recordId: id, page: 1 }),
  )
}

export default function SpecialDetailPage() {
  const id = parsePositiveInt(useParams().id, 0)
  const special = useSpecialDetails(id)
  const hotSpecials = useHotSpecials()
  const specialTags = useSpecialTags()
  const data = special.data
  usePageMeta({
    menu: 'subject',
    seo: data,
    title: data?.title,
    keywords: data?.tags.map((tag) => tag.name).join(','),
    description: data ? cutText(data.intro || stripMarkup(data.content)) : undefined,
    image: data?.cover_img,
    ogType: 'article',
  })

  const crumbs = [
    { label: '专题', to: paths.special() },
    ...(data?.categoryName ? [{ label: data.categoryName, to: paths.special(data.categoryId) }] : []),
    { label: '专题详情' },
  ]
  const aside = (
    <>
      <SidePanel title="热门专题" moreTo={paths.special()}>
        <RankList
          items={(hotSpecials.data ?? [])
            .slice(0, HOT_SHOWN)
            .map((item) => ({ id: item.id, title: item.title, to: paths.specialDetail(item.id) }))}
          emptyText={hotSpecials.isPending ? '加载中…' : '暂无热门专题'}
        />
      </SidePanel>
      <SidePanel title="热门标签">
        {specialTags.data && specialTags.data.length > 0 ? (
          <ul className="tag-list">
            {specialTags.data.slice(0, TAGS_SHOWN).map((tag) => (
              <li key={tag.name}>
                <Link to={searchPath({ type: 'special', label: tag.name })}>{tag.name}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rank-list__empty">{specialTags.isPending ? '加载中…' : '暂无热门标签'}</p>
        )}
      </SidePanel>
    </>
  )

  return (
    <>
      <PageBanner title="热点专题" crumbs={crumbs} />
      <SpecialBanner isSlim />
      {!id || !data ? (
        <ContentPage>
          {!id ? (
            <MissingContent title="该专题不存在" backTo={paths.special()} backLabel="浏览全部专题" />
          ) : (
            <DetailFallback query={special} backTo={paths.special()} backLabel="浏览全部专题" />
          )}
        </ContentPage>
      ) : (
        <ContentPage aside={aside}>
          <SpecialHero special={data} action={<CollectButton kind="special" id={data.id} initialCollected={data.isCollected} />} />
          <DetailSection title="专题内容">
            {data.content ? <RichText html={data.content} /> : <p>{data.intro || '暂无专题内容'}</p>}
          </DetailSection>
          <CommentSection entity="special" recordId={data.id} />
        </ContentPage>
      )}
    </>
  )
}
