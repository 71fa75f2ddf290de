// What both dialects' raw statements share: the fixed table names they may touch and the row shapes
// they answer. Names here are never taken from input.

/** Tables whose rows count visits (fixed names: only these ever reach the view UPDATE). */
export const VIEW_TABLES = [
  'Teacher',
  'Course',
  'Special',
  'Activity',
  'Viewpoint',
  'CourseNotice',
  'Question',
  'Cooperation',
  'TeacherVideo',
] as const
export type ViewTable = (typeof VIEW_TABLES)[number]

/** Tables whose visits are also counted per day (DailyView), for the console's "most viewed this week". */
export const DAILY_VIEW_TABLES: readonly ViewTable[] = ['Teacher', 'Course']
/** Days of DailyView kept: the dashboard looks back a week; a month leaves room for more. */
export const DAILY_VIEW_DAYS_KEPT = 35

export type ViewBatch = { table: ViewTable; id: number; visits: number }[]

/** Visits per table as {id: visits}, so each table's rows go to the database as one JSON parameter. */
export function visitsByTable(batch: ViewBatch): Map<ViewTable, Record<number, number>> {
  const byTable = new Map<ViewTable, Record<number, number>>()
  for (const { table, id, visits } of batch) {
    const rows = byTable.get(table) ?? {}
    rows[id] = (rows[id] ?? 0) + visits
    byTable.set(table, rows)
  }
  return byTable
}

/** What members follow or collect: the link table, its target table and the target column. */
export const MEMBER_LINKS = {
  teacher: { table: 'TeacherFollow', target: 'Teacher', column: 'teacherId' },
  course: { table: 'CourseCollect', target: 'Course', column: 'courseId' },
  special: { table: 'SpecialCollect', target: 'Special', column: 'specialId' },
} as const
export type MemberLink = keyof typeof MEMBER_LINKS

export type NewContribution = {
  memberId: number
  kind: string
  title: string
  content: string
  createdAt: Date
  attachmentIds: number[]
}

/** Profile columns a member may change (names fixed here, never taken from input). */
export const PROFILE_COLUMNS = [
  'nickname',
  'avatar',
  'gender',
  'organization',
  'position',
  'provinceCode',
  'cityCode',
  'districtCode',
] as const
export type ProfileChange = Partial<Record<(typeof PROFILE_COLUMNS)[number], string | number>>
export type ProfileRow = {
  memberNo: string
  phone: string | null
  nickname: string
  avatar: string
  gender: number
  organization: string
  position: string
  provinceCode: string
  cityCode: string
  districtCode: string
  createdAt: Date
  role: string
  passwordChangeDue: boolean
}
export const PROFILE_RETURNING =
  '"memberNo", "phone", "nickname", "avatar", "gender", "organization", "position", "provinceCode", "cityCode", "districtCode", "createdAt", "role", "passwordChangeDue"'

export type RateLimitWindow = { points: number; expiresAt: Date }

/**
 * Where search terms must match: only the title column (teacher name, course or topic title), or
 * title or body (intro). Each run is a lower-cased stretch of letters/digits that must occur whole.
 */
export type SearchScope = 'title' | 'any'

/** The search index's text normalisation: both dialects fold case the same way on both sides. */
export const searchFold = (text: string) => text.toLowerCase()

/** What a member call needs to know about its token, read in one statement (server/data/member-tokens.ts). */
export type TokenState = {
  memberNo: string
  role: string
  tokenVersion: number
  deleted: boolean
  disabled: boolean
  /** A first password waits to be changed (staff actions are refused until it is). */
  passwordChangeDue: boolean
  /** The token's id is among the signed-out ones. */
  revoked: boolean
}

/** One batch of a fan-out's notices (issue 25): the followers of `sourceId` with link ids in (`after`, `upTo`]. */
export type FollowNotices = {
  source: Extract<MemberLink, 'teacher' | 'special'>
  sourceId: number
  after: number
  upTo: number
  eventId: number
  title: string
  body: string
  link: string
  /** Preference keys that, switched off, skip a member ('follow', 'teacher:<id>'). */
  offKeys: readonly string[]
  now: Date
}
