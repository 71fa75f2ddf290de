// Query keys of the member group; follow/collect buttons invalidate the "my" lists by prefix.
export const memberKeys = {
  all: ['member'] as const,
  userInfo: () => ['member', 'getUserInfo'] as const,
  navigation: () => ['member', 'getNavigation'] as const,
  authOptions: () => ['member', 'authOptions'] as const,
  courseCollect: (params?: object) =>
    params ? (['member', 'myCourseCollect', params] as const) : (['member', 'myCourseCollect'] as const),
  teacherFollow: (params?: object) =>
    params ? (['member', 'myTeacherFollow', params] as const) : (['member', 'myTeacherFollow'] as const),
  specialCollect: (params?: object) =>
    params ? (['member', 'mySpecialCollect', params] as const) : (['member', 'mySpecialCollect'] as const),
  contributions: (params?: object) => (params ? (['member', 'myContribution', params] as const) : (['member', 'myContribution'] as const)),
  contribution: (id: number) => ['member', 'getContribution', id] as const,
  releases: (params?: object) => (params ? (['member', 'myRelease', params] as const) : (['member', 'myRelease'] as const)),
}
