// What a contribution (投稿) is published as once approved.
import { z } from '../validation/z'

export const CONTRIBUTION_KINDS = ['viewpoint', 'activity'] as const
export type ContributionKind = (typeof CONTRIBUTION_KINDS)[number]

export const CONTRIBUTION_KIND_TEXT: Readonly<Record<ContributionKind, string>> = { viewpoint: '学术观点', activity: '教学活动' }

export const contributionKindSchema = z.enum(CONTRIBUTION_KINDS, { error: '请选择投稿类型' })
