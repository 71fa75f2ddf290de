import './comment-count.css'

/**
 * A card's shown comments: a speech bubble and the number, read out as "N 条评论". Nothing when there
 * are none: unlike views, most items have no comments, and a row of "0" on every card says nothing.
 */
export function CommentCount({ count }: { count?: number }) {
  if (!count) return null
  return (
    <span className="comment-count" title={`${count} 条评论`}>
      <svg viewBox="0 0 16 16" width="13" height="13" fill="none" stroke="currentColor" strokeWidth="1.4" aria-hidden="true">
        <path d="M2.5 3h11a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1H8l-3.5 2.5v-2.5h-2a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z" strokeLinejoin="round" />
      </svg>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{count} 条评论</span>
    </span>
  )
}
