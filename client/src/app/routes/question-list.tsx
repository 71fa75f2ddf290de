import { ContentPage } from '../../components/content/content-page'
import { ListResult } from '../../components/content/list-result'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { questionListQuery, useQuestionList } from '../../features/course/api/get-question-list'
import { QuestionList } from '../../features/course/components/question-list'
import { useScrollMemory } from '../../lib/scroll-memory'
import { parsePositiveInt, usePageParam } from '../../lib/use-page-param'
import type { PageLoader } from '../page-data'

const PAGE_SIZE = 15
const listParams = (page: number) => ({ page, limit: PAGE_SIZE })

export const loader: PageLoader = ({ url, queries }) =>
  queries.prefetch(questionListQuery(listParams(parsePositiveInt(url.searchParams.get('page')))))

export default function QuestionListPage() {
  const [page, setPage] = usePageParam()
  const questions = useQuestionList(listParams(page))
  useScrollMemory(questions.isSuccess && !questions.isPlaceholderData)
  usePageMeta({ menu: 'question' })

  return (
    <>
      <PageBanner title="常见问题" subtitle="关于课程、名师邀请与平台使用的常见解答" crumbs={[{ label: '常见问题' }]} />
      <ContentPage>
        <ListResult query={questions} emptyText="暂无常见问题" onPageChange={setPage}>
          {(list) => <QuestionList questions={list} />}
        </ListResult>
      </ContentPage>
    </>
  )
}
