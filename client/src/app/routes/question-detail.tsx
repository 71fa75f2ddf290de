import { useParams } from 'react-router'
import { ArticleView } from '../../components/content/article-view'
import { ContentPage } from '../../components/content/content-page'
import { DetailFallback, MissingContent } from '../../components/content/detail-states'
import { RankList, SidePanel } from '../../components/content/side-panel'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { questionDetailsQuery, useQuestionDetails } from '../../features/course/api/get-question-details'
import { questionListQuery, useQuestionList } from '../../features/course/api/get-question-list'
import { formatDate } from '../../lib/date'
import { cutText, stripMarkup } from '../../lib/text'
import { parsePositiveInt } from '../../lib/use-page-param'
import { notFound, type PageLoader } from '../page-data'

const OTHERS_SHOWN = 10
// One more than shown: the question itself may be among them.
const OTHERS = { page: 1, limit: OTHERS_SHOWN + 1 }

export const loader: PageLoader = async ({ params, queries }) => {
  const id = parsePositiveInt(params.id, 0)
  if (!id) notFound()
  await queries.require(questionDetailsQuery(id))
  await queries.prefetch(questionListQuery(OTHERS))
}

export default function QuestionDetailPage() {
  const id = parsePositiveInt(useParams().id, 0)
  const question = useQuestionDetails(id)
  const others = useQuestionList(OTHERS)
  const data = question.data
  const answer = data ? stripMarkup(data.content) : ''
  usePageMeta({
    menu: 'question',
    title: data?.title,
    description: data ? cutText(answer) : undefined,
    schema: data && {
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: data.title, acceptedAnswer: { '@type': 'Answer', text: answer } }],
    },
  })

  const aside = (
    <SidePanel title="其他常见问题" moreTo={paths.question}>
      <RankList
        items={(others.data?.list ?? [])
          .filter((item) => item.id !== id)
          .slice(0, OTHERS_SHOWN)
          .map((item) => ({ id: item.id, title: item.title, to: paths.questionDetail(item.id) }))}
        isRanked={false}
      />
    </SidePanel>
  )
  return (
    <>
      <PageBanner title="常见问题" crumbs={[{ label: '常见问题', to: paths.question }, { label: '问题详情' }]} />
      <ContentPage aside={aside}>
        {!id ? (
          <MissingContent title="该问题不存在" backTo={paths.question} backLabel="查看全部问题" />
        ) : !data ? (
          <DetailFallback query={question} backTo={paths.question} backLabel="查看全部问题" />
        ) : (
          <ArticleView
            title={data.title}
            html={data.content}
            pathFor={paths.questionDetail}
            meta={
              <>
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
