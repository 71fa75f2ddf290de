// Response shapes of the member actions (server/features/member, docs/API.md).
import type { ContributionKind, SubmissionStatus } from '../../../../common/rules'

export type Page<T> = { list: T[]; total: number; page: number; limit: number }

export type LoginResult = { token: string; member_no: string; nickname: string; expiresAt?: string }

export type Captcha = { captchaId: string; image: string; expiresIn?: number }

export type SmsPurpose = 'register' | 'findPass'

export type Gender = 0 | 1 | 2

export type UserInfo = {
  member_no: string
  nickname: string
  phone: string
  avatar: string
  gender: Gender
  organization: string
  position: string
  provinceCode: string
  cityCode: string
  districtCode: string
  provinceName?: string
  cityName?: string
  districtName?: string
  createdAt?: string
  isAdmin?: boolean
  /** member, editor or admin: staff open the review tab (内容审核); the server checks again on every review action. */
  role?: string
}

export type CollectedCourse = { id: number; title: string; cover_img: string; teacherName?: string; views?: number; collectedAt?: string }
export type FollowedTeacher = { id: number; name: string; img: string; title?: string }
export type CollectedSpecial = { id: number; title: string; cover_img?: string; special_url?: string }

export type { ContributionKind }
/** A contribution's or a video's review state. */
export type ContributionStatus = SubmissionStatus

export type UploadKind = 'image' | 'document'

/**
 * A member's file. Until its content is approved the file is private and `url` in the owner's and
 * the editors' answers is a signed address that works for about two hours (a refetch brings a
 * fresh one); show it as it comes, through mediaUrl, and never store it.
 */
export type Attachment = { id: number; url: string; kind: UploadKind | 'video'; name: string; size?: number; mime?: string }

export type ContributionSummary = {
  id: number
  title: string
  kind: ContributionKind
  kindText?: string
  status: ContributionStatus
  statusText?: string
  reviewNote: string
  reviewedAt?: string | null
  createdAt: string
}

export type ContributionDetail = ContributionSummary & { content: string; attachments: Attachment[]; publishedId?: number | null }

/** `url` is the file's lasting address (what saveMember's avatar takes); `previewUrl` shows the still private file. */
export type UploadResult = Attachment & { previewUrl?: string }

export type NavigationItem = { id: number; name: string }

/** A published contribution as Member/myRelease lists it: the Viewpoint or Activity it became. */
export type ReleaseSummary = {
  /** The published article's (viewpoint) or activity's id. */
  id: number
  kind: ContributionKind
  kindText?: string
  title: string
  cover_img: string
  intro: string
  views: number
  contributionId: number
  publishedAt: string
}
