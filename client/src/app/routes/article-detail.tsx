import { ArticleDetailView } from '../../features/article/components/article-detail-view'
import { articleDetailLoader } from '../article-data'

export const loader = articleDetailLoader('viewpoint')

export default function ArticleDetailPage() {
  return <ArticleDetailView kind="viewpoint" />
}
