import { Link } from 'react-router'
import { ApiError } from '../../lib/api-client'
import { ErrorState, PageSpinner } from '../ui/states'
import './content.css'

// A malformed id (400) and an unknown one (404) both mean there is nothing to show.
const MISSING_CODES = [400, 404]

/** Friendly "gone" block for unknown or unpublished ids and malformed route parameters. */
export function MissingContent({ title = '内容不存在或已下架', backTo, backLabel }: { title?: string; backTo: string; backLabel: string }) {
  return (
    <div className="missing card" role="alert">
      <svg className="missing__art" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="28" cy="28" r="18" fill="none" stroke="currentColor" strokeWidth="4" />
        <path d="M41 41l14 14" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
        <path d="M22 22l12 12M34 22L22 34" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1>{title}</h1>
      <p>您访问的内容可能已被删除、下架，或链接有误。</p>
      <p className="missing__actions">
        <Link className="btn" to={backTo}>
          {backLabel}
        </Link>
        <Link className="btn btn--plain" to="/">
          返回首页
        </Link>
      </p>
    </div>
  )
}

/** Loading / error / not-found for a detail query, so each detail page only renders the happy path. */
export function DetailFallback({
  query,
  backTo,
  backLabel,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown }
  backTo: string
  backLabel: string
}) {
  if (query.isPending) return <PageSpinner />
  if (query.error instanceof ApiError && MISSING_CODES.includes(query.error.code))
    return <MissingContent backTo={backTo} backLabel={backLabel} />
  return <ErrorState message={query.error?.message ?? '加载失败'} onRetry={() => query.refetch()} />
}
