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
  /** The booking form (预约名师 / 邀请授课): teacher, course and cooperation type come preselected. */
  booking: (preset: { teacher?: number; course?: number; type?: number } = {}) => {
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries(preset)) if (value) query.set(key, String(value))
    const text = query.toString()
    return text ? `/booking?${text}` : '/booking'
  },
  /** A visitor's lookup of a request by reference number and phone. */
  bookingLookup: (referenceNo?: string) => (referenceNo ? `/booking/lookup?ref=${encodeURIComponent(referenceNo)}` : '/booking/lookup'),
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
  /** 我的足迹 (Member/recentViewList): teachers, courses and topics opened lately. */
  recentViews: 13,
  /** 消息 (Member/notificationList): the inbox, and 通知设置 under ?view=settings. */
  messages: 12,
  /** 我的预约 (Member/bookingList): the member's requests to book a teacher, ?booking=<id> opens one. */
  bookings: 14,
} as const
/** Spec §9: about tab ids 1, 2, 4, 5 (platform introduction, service terms, partners, contact). */
export const ABOUT_TABS = { intro: 1, terms: 2, privacy: 3, partners: 4, contact: 5, statement: 6 } as const
