import { ArticleDetailView } from '../../features/article/components/article-detail-view'

export default function SchoolingDetailPage() {
  return <ArticleDetailView kind="activity" />
}
