import { Link } from 'react-router'
import { ContentPage } from '../../../components/content/content-page'
import { ListResult } from '../../../components/content/list-result'
import { MediaRow } from '../../../components/content/media-row'
import { PageBanner } from '../../../components/layout/page-banner'
import { CommentCount } from '../../../components/ui/comment-count'
import { usePageMeta } from '../../../components/layout/use-page-meta'
import { paths } from '../../../config/paths'
import { formatDate } from '../../../lib/date'
import { useScrollMemory } from '../../../lib/scroll-memory'
import { cutText, stripMarkup } from '../../../lib/text'
import { usePageParam } from '../../../lib/use-page-param'
import { useArticleList } from '../api/get-article-list'
import { ARTICLE_KINDS } from '../kinds'
import type { ArticleSummary } from '../../../../../common/api/article'
import type { ArticleKind } from '../kinds'

const PAGE_SIZE = 10

/** The page of a list the view shows (the server render loads the same one). */
export const articleListParams = (page: number) => ({ page, limit: PAGE_SIZE })

/** The intro, or on a detail page without one, the text of its body (lists carry no body). */
export const articleSummary = (item: Pick<ArticleSummary, 'intro'> & { content?: string }) =>
  cutText(item.intro.trim() || stripMarkup(item.content))

/** The /schooling and /article list pages: cover, title, summary, teacher and date, paginated. */
export function ArticleListView({ kind }: { kind: ArticleKind }) {
  const config = ARTICLE_KINDS[kind]
  const [page, setPage] = usePageParam()
  const articles = useArticleList(kind, articleListParams(page))
  useScrollMemory(articles.isSuccess && !articles.isPlaceholderData)
  usePageMeta({ menu: config.menu })

  return (
    <>
      <PageBanner title={config.label} subtitle={config.subtitle} crumbs={[{ label: config.label }]} />
      <ContentPage>
        <ListResult query={articles} emptyText={`暂无${config.label}`} onPageChange={setPage}>
          {(list) =>
            list.map((item) => (
              <MediaRow
                key={item.id}
                to={config.detailPath(item.id)}
                title={item.title}
                cover={item.cover_img}
                summary={articleSummary(item)}
                meta={
                  <>
                    {item.teacher && (
                      <span>
                        名师：<Link to={paths.teacherDetail(item.teacher.id)}>{item.teacher.name}</Link>
                      </span>
                    )}
                    {item.publishedAt && <span>发布：{formatDate(item.publishedAt)}</span>}
                    {item.views !== undefined && <span>浏览：{item.views}</span>}
                    <CommentCount count={item.commentCount} />
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
