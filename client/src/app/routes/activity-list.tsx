import { ArticleListView } from '../../features/article/components/article-list-view'
import { articleListLoader } from '../article-data'

export const loader = articleListLoader('activity')

export default function ActivityListPage() {
  return <ArticleListView kind="activity" />
}
