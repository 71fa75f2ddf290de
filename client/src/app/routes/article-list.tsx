import { ArticleListView } from '../../features/article/components/article-list-view'

export default function ArticleListPage() {
  return <ArticleListView kind="viewpoint" />
}
