import { Link, useParams } from 'react-router'
import { ArticleView } from '../../../components/content/article-view'
import { ContentPage } from '../../../components/content/content-page'
import { DetailFallback, MissingContent } from '../../../components/content/detail-states'
import { RankList, SidePanel } from '../../../components/content/side-panel'
import { PageBanner } from '../../../components/layout/page-banner'
import { usePageMeta } from '../../../components/layout/use-page-meta'
import { paths } from '../../../config/paths'
import { formatDate } from '../../../lib/date'
import { parsePositiveInt } from '../../../lib/use-page-param'
import { useArticleDetails } from '../api/get-article-details'
import { useArticleList } from '../api/get-article-list'
import { ARTICLE_KINDS } from '../kinds'
import type { ArticleKind } from '../kinds'
import { articleSummary } from './article-list-view'
import { CommentSection } from '../../comment'

const LATEST_SHOWN = 8
/** The side panel's latest items: one more than shown, as the article itself may be among them. */
export const LATEST_ARTICLES = { page: 1, limit: LATEST_SHOWN + 1 }

/** /schooling/detail/{id} and /article/detail/{id}: the article with the teacher's and the latest items beside it. */
export function ArticleDetailView({ kind }: { kind: ArticleKind }) {
  const config = ARTICLE_KINDS[kind]
  const id = parsePositiveInt(useParams().id, 0)
  const article = useArticleDetails(kind, id)
  const latest = useArticleList(kind, LATEST_ARTICLES)
  const data = article.data
  const summary = data ? articleSummary(data) : undefined
  usePageMeta({
    menu: config.menu,
    seo: data,
    title: data?.title,
    description: summary,
    image: data?.cover_img,
    ogType: 'article',
    schema: data && {
      '@type': 'Article',
      headline: data.title,
      description: summary,
      datePublished: data.publishedAt,
      ...(data.teacher ? { author: { '@type': 'Person', name: data.teacher.name } } : {}),
    },
  })

  const aside = (
    <SidePanel title={`最新${config.label}`} moreTo={config.listPath}>
      <RankList
        items={(latest.data?.list ?? [])
          .filter((item) => item.id !== id)
          .slice(0, LATEST_SHOWN)
          .map((item) => ({ id: item.id, title: item.title, to: config.detailPath(item.id) }))}
        isRanked={false}
      />
    </SidePanel>
  )
  return (
    <>
      <PageBanner title={config.label} crumbs={[{ label: config.label, to: config.listPath }, { label: '正文' }]} />
      <ContentPage aside={aside}>
        {!id ? (
          <MissingContent title={`该${config.label}不存在`} backTo={config.listPath} backLabel={`查看全部${config.label}`} />
        ) : !data ? (
          <DetailFallback query={article} backTo={config.listPath} backLabel={`查看全部${config.label}`} />
        ) : (
          <>
            <ArticleView
              title={data.title}
              cover={data.cover_img}
              lead={data.intro}
              html={data.content}
              prev={data.prev}
              next={data.next}
              pathFor={config.detailPath}
              meta={
                <>
                  {data.teacher && (
                    <span>
                      名师：<Link to={paths.teacherDetail(data.teacher.id)}>{data.teacher.name}</Link>
                    </span>
                  )}
                  {data.publishedAt && <span>发布：{formatDate(data.publishedAt)}</span>}
                  <span>浏览：{data.views}</span>
                </>
              }
            />
            <CommentSection entity={kind} recordId={data.id} />
          </>
        )}
      </ContentPage>
    </>
  )
}
