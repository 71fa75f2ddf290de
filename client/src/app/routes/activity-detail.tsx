import { ArticleDetailView } from '../../features/article/components/article-detail-view'
import { articleDetailLoader } from '../article-data'

export const loader = articleDetailLoader('activity')

export default function ActivityDetailPage() {
  return <ArticleDetailView kind="activity" />
}
