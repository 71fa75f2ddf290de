// What the other features use of the contribution feature: the review panel shows contributions.
export { contributionKeys } from './api/keys'
export { AttachmentList } from './components/attachment-list'
export { publishedPath } from './lib/submission'
export type { ContributionKind } from './types'
