import { ArticleDetailView } from '../../features/article/components/article-detail-view'
import { articleDetailLoader } from '../article-data'

export const loader = articleDetailLoader('viewpoint')

export default function ViewpointDetailPage() {
  return <ArticleDetailView kind="viewpoint" />
}
