import { ArticleDetailView } from '../../features/article/components/article-detail-view'

export default function ArticleDetailPage() {
  return <ArticleDetailView kind="viewpoint" />
}
