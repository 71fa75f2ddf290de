import { ArticleListView } from '../../features/article/components/article-list-view'

export default function SchoolingListPage() {
  return <ArticleListView kind="activity" />
}
