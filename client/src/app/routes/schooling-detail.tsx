import { ArticleDetailView } from '../../features/article/components/article-detail-view'
import { articleDetailLoader } from '../article-data'

export const loader = articleDetailLoader('activity')

export default function SchoolingDetailPage() {
  return <ArticleDetailView kind="activity" />
}
