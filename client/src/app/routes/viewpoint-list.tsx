import { ArticleListView } from '../../features/article/components/article-list-view'
import { articleListLoader } from '../article-data'

export const loader = articleListLoader('viewpoint')

export default function ViewpointListPage() {
  return <ArticleListView kind="viewpoint" />
}
