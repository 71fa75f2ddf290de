// Route paths of spec §2, one builder per screen.
export const paths = {
  home: '/',
  teacher: (cid?: number | string) => (cid ? `/teacher/${cid}` : '/teacher'),
  teacherDetail: (id: number | string) => `/teacher/detail/${id}`,
  teacherVideo: (id: number | string) => `/teacher/video/${id}`,
  course: (cid?: number | string) => (cid ? `/course/${cid}` : '/course'),
  courseDetail: (id: number | string) => `/course/detail/${id}`,
  special: (cid?: number | string) => (cid ? `/subject/${cid}` : '/subject'),
  specialDetail: (id: number | string) => `/subject/detail/${id}`,
  cooperation: '/cooperation',
  user: (tab?: number) => (tab ? `/user?tab=${tab}` : '/user'),
  about: (tab?: number) => (tab ? `/about?tab=${tab}` : '/about'),
  login: '/login',
  register: '/register',
  findPassword: '/forget',
  notice: '/notice',
  noticeDetail: (id: number | string) => `/notice/detail/${id}`,
  activity: '/schooling',
  activityDetail: (id: number | string) => `/schooling/detail/${id}`,
  viewpoint: '/article',
  viewpointDetail: (id: number | string) => `/article/detail/${id}`,
  question: '/question',
  questionDetail: (id: number | string) => `/question/detail/${id}`,
} as const

/** Spec §9: user-centre tab ids 3, 4, 5 are fixed (collected courses, followed teachers, collected topics). */
export const USER_TABS = {
  profile: 1,
  password: 2,
  courses: 3,
  teachers: 4,
  specials: 5,
  contributions: 6,
  contribute: 7,
  deleteAccount: 8,
  /** Staff only (admins and editors): getNavigation lists it and getUserInfo answers their role. */
  review: 9,
  /** 我的发布 (Member/myRelease): the member's contributions that are published now. */
  releases: 10,
  /** 最近观看 (Member/recentVideos): the videos the member played and where each stopped. */
  recentVideos: 11,
} as const
/** Spec §9: about tab ids 1, 2, 4, 5 (platform introduction, service terms, partners, contact). */
export const ABOUT_TABS = { intro: 1, terms: 2, privacy: 3, partners: 4, contact: 5, statement: 6 } as const
