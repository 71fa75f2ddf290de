import { ArticleListView } from '../../features/article/components/article-list-view'
import { articleListLoader } from '../article-data'

export const loader = articleListLoader('viewpoint')

export default function ArticleListPage() {
  return <ArticleListView kind="viewpoint" />
}
