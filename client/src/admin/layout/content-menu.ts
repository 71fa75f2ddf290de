// The 内容管理 menu: every content type editors keep, in the order of common/content-types/registry.ts,
// by its path under /admin and its Chinese name. The declarations themselves carry their zod rules
// (~30 KB gzip with zod), which only a content page needs, so the console's first load names them
// here instead; content-menu.test.ts keeps the two lists equal.
export const contentMenu: readonly { path: string; title: string }[] = [
  { path: 'teacher', title: '名师' },
  { path: 'teacher-category', title: '名师分类' },
  { path: 'teacher-video', title: '名师视频' },
  { path: 'course', title: '课程' },
  { path: 'course-category', title: '课程分类' },
  { path: 'special', title: '专题' },
  { path: 'special-category', title: '专题分类' },
  { path: 'tag', title: '标签' },
  { path: 'banner', title: '轮播图' },
  { path: 'notice', title: '课程预告' },
  { path: 'activity', title: '教学活动' },
  { path: 'viewpoint', title: '学术观点' },
  { path: 'question', title: '常见问题' },
  { path: 'cooperation', title: '商务合作' },
  { path: 'cooperation-type', title: '合作类型' },
  { path: 'partner', title: '合作伙伴' },
  { path: 'link', title: '友情链接' },
  { path: 'page', title: '关于我们' },
]
