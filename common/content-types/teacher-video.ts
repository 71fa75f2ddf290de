import { z } from '../validation/z'
import { defineContentType } from './define-content-type'
import { bySort, createdAt, intro, picture, rowId, slug, sort, teacherRef, title, video, views } from './shared-fields'
import { teacher } from './teacher'

export const teacherVideo = defineContentType({
  kind: 'teacher-videos',
  word: 'teacherVideo',
  label: '名师视频',
  key: 'slug',
  labelField: 'title',
  access: 'content',
  isSortable: true,
  search: ['title', 'intro', 'slug'],
  order: bySort,
  publicPath: '/teacher/video',
  fields: {
    id: rowId,
    slug,
    // Every video is a teacher's.
    teacher: {
      ...teacherRef(teacher, 'console'),
      rule: z.string({ error: '缺少名师' }).trim().min(1, { error: '不能为空' }),
      help: undefined,
    },
    title,
    cover: picture(),
    video: video(z.string().trim().min(1, { error: '缺少视频' }).max(500), '视频'),
    intro,
    sort,
    views,
    createdAt,
  },
})
