import { isRouteErrorResponse, Link, useRouteError } from 'react-router'

/** Last-resort boundary: a chunk that fails to load or a render error shows a friendly page. */
export function RouteError() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : '页面出现了一点问题'
  return (
    <div className="container" style={{ padding: '80px 16px', textAlign: 'center' }}>
      <h1>抱歉，{message}</h1>
      <p style={{ color: 'var(--text-muted)' }}>请刷新页面重试，或返回首页继续浏览。</p>
      <p>
        <button type="button" className="btn btn--plain" onClick={() => window.location.reload()}>
          刷新页面
        </button>{' '}
        <Link className="btn" to="/">
          返回首页
        </Link>
      </p>
    </div>
  )
}
