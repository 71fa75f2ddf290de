import { ContentPage } from '../../components/content/content-page'
import { ListResult } from '../../components/content/list-result'
import { MediaRow } from '../../components/content/media-row'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { noticeListQuery, useNoticeList } from '../../features/course/api/get-notice-list'
import { formatDateTime } from '../../lib/date'
import { useScrollMemory } from '../../lib/scroll-memory'
import { cutText, stripMarkup } from '../../lib/text'
import { parsePositiveInt, usePageParam } from '../../lib/use-page-param'
import type { PageLoader } from '../page-data'

const PAGE_SIZE = 10
const listParams = (page: number) => ({ page, limit: PAGE_SIZE })

export const loader: PageLoader = ({ url, queries }) =>
  queries.prefetch(noticeListQuery(listParams(parsePositiveInt(url.searchParams.get('page')))))

export default function NoticeListPage() {
  const [page, setPage] = usePageParam()
  const notices = useNoticeList(listParams(page))
  useScrollMemory(notices.isSuccess && !notices.isPlaceholderData)
  usePageMeta({ menu: 'notice' })

  return (
    <>
      <PageBanner title="课程预告" subtitle="近期名师课程与讲座安排" crumbs={[{ label: '课程预告' }]} />
      <ContentPage>
        <ListResult query={notices} emptyText="暂无课程预告" onPageChange={setPage}>
          {(list) =>
            list.map((notice) => (
              <MediaRow
                key={notice.id}
                to={paths.noticeDetail(notice.id)}
                title={notice.name}
                cover={notice.cover_img}
                summary={cutText(stripMarkup(notice.introduction))}
                meta={
                  <>
                    {notice.startAt && <span>开课时间：{formatDateTime(notice.startAt)}</span>}
                    {notice.location && <span>地点：{notice.location}</span>}
                  </>
                }
              />
            ))
          }
        </ListResult>
      </ContentPage>
    </>
  )
}
