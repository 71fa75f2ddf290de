// Query keys of the member's "my" lists (Member/my*); follow/collect buttons invalidate them by prefix.
export const collectKeys = {
  courseCollect: (params?: object) =>
    params ? (['member', 'myCourseCollect', params] as const) : (['member', 'myCourseCollect'] as const),
  teacherFollow: (params?: object) =>
    params ? (['member', 'myTeacherFollow', params] as const) : (['member', 'myTeacherFollow'] as const),
  specialCollect: (params?: object) =>
    params ? (['member', 'mySpecialCollect', params] as const) : (['member', 'mySpecialCollect'] as const),
}
