import { Link, useParams } from 'react-router'
import { ArticleView } from '../../components/content/article-view'
import { ContentPage } from '../../components/content/content-page'
import { DetailFallback, MissingContent } from '../../components/content/detail-states'
import { RankList, SidePanel } from '../../components/content/side-panel'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { noticeDetailsQuery, useNoticeDetails } from '../../features/course/api/get-notice-details'
import { noticeListQuery, useNoticeList } from '../../features/course/api/get-notice-list'
import { formatDate, formatDateTime } from '../../lib/date'
import { cutText, stripMarkup } from '../../lib/text'
import { parsePositiveInt } from '../../lib/use-page-param'
import { notFound, type PageLoader } from '../page-data'

const LATEST_SHOWN = 8
// One more than shown: the notice itself may be among the latest.
const LATEST = { page: 1, limit: LATEST_SHOWN + 1 }

export const loader: PageLoader = async ({ params, queries }) => {
  const id = parsePositiveInt(params.id, 0)
  if (!id) notFound()
  await queries.require(noticeDetailsQuery(id))
  await queries.prefetch(noticeListQuery(LATEST))
}

export default function NoticeDetailPage() {
  const id = parsePositiveInt(useParams().id, 0)
  const notice = useNoticeDetails(id)
  const latest = useNoticeList(LATEST)
  const data = notice.data
  const summary = data ? cutText(stripMarkup(data.introduction)) : undefined
  usePageMeta({
    menu: 'notice',
    seo: data,
    title: data?.name,
    description: summary,
    image: data?.cover_img,
    ogType: 'article',
    schema: data && { '@type': 'Article', headline: data.name, description: summary, datePublished: data.createdAt },
  })

  const aside = (
    <SidePanel title="更多课程预告" moreTo={paths.notice}>
      <RankList
        items={(latest.data?.list ?? [])
          .filter((item) => item.id !== id)
          .slice(0, LATEST_SHOWN)
          .map((item) => ({ id: item.id, title: item.name, to: paths.noticeDetail(item.id) }))}
        isRanked={false}
      />
    </SidePanel>
  )
  return (
    <>
      <PageBanner title="课程预告" crumbs={[{ label: '课程预告', to: paths.notice }, { label: '预告详情' }]} />
      <ContentPage aside={aside}>
        {!id ? (
          <MissingContent title="该课程预告不存在" backTo={paths.notice} backLabel="查看全部预告" />
        ) : !data ? (
          <DetailFallback query={notice} backTo={paths.notice} backLabel="查看全部预告" />
        ) : (
          <ArticleView
            title={data.name}
            cover={data.cover_img}
            html={data.introduction}
            pathFor={paths.noticeDetail}
            meta={
              <>
                {data.startAt && <span>开课时间：{formatDateTime(data.startAt)}</span>}
                {data.location && <span>地点：{data.location}</span>}
                {data.teacher && (
                  <span>
                    主讲：<Link to={paths.teacherDetail(data.teacher.id)}>{data.teacher.name}</Link>
                  </span>
                )}
                {data.createdAt && <span>发布：{formatDate(data.createdAt)}</span>}
                <span>浏览：{data.views}</span>
              </>
            }
          />
        )}
      </ContentPage>
    </>
  )
}
