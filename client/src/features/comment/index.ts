// What pages use of the comment feature: the section under a detail page and the query its loader prefetches.
export { CommentSection } from './components/comment-section'
export { commentListQuery, COMMENTS_PER_PAGE } from './api/get-comment-list'
