import { Link } from 'react-router'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths } from '../../config/paths'
import { notFound } from '../page-data'
import './not-found.css'

const SUGGESTIONS = [
  { label: '名师', to: paths.teacher() },
  { label: '课程', to: paths.course() },
  { label: '专题', to: paths.special() },
  { label: '课程预告', to: paths.notice },
  { label: '常见问题', to: paths.question },
]

/** An unknown route: the server answers 404 with this page. */
export const loader = async () => notFound()

export default function NotFoundPage() {
  usePageMeta({ title: '页面未找到', isIndexable: false })
  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">抱歉，您访问的页面不存在</h1>
      <p className="not-found__text">
        页面可能已被移除、更名，或链接地址有误。您可以返回首页，或使用页面顶部的搜索框查找名师、课程和专题。
      </p>
      <div className="not-found__actions">
        <Link className="btn" to={paths.home}>
          返回首页
        </Link>
        <Link className="btn btn--ghost" to={paths.teacher()}>
          浏览名师
        </Link>
      </div>
      <nav className="not-found__links" aria-label="推荐栏目">
        <span>您也可以看看：</span>
        {SUGGESTIONS.map((item) => (
          <Link key={item.to} to={item.to}>
            {item.label}
          </Link>
        ))}
      </nav>
    </section>
  )
}
