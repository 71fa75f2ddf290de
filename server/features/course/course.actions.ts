import { replyOf } from '../../../common/api/reply'
import { defineAction } from '../../lib/action'
import { detailOptions } from '../../lib/preview-grant'
import { idSchema } from '../../lib/schemas'
import { countedPage } from '../../data/views'
import { markedPage } from '../collect/collect.service'
import { courseListSchema, hotCourseSchema, noticeListSchema, questionListSchema, relevantCourseSchema } from './course.schemas'
import {
  getCourseDetails,
  getNoticeDetails,
  getQuestionDetails,
  listCourses,
  listHotCourses,
  listNotices,
  listQuestions,
  listRelevantCourses,
} from './course.service'

const shared = { scope: 'shared' } as const

export const courseActions = [
  defineAction({
    group: 'Course',
    name: 'courseList',
    summary: '课程列表（可按分类、名师，分页）',
    input: courseListSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listCourses(input),
    reply: replyOf('Course/courseList'),
    example: { page: 1, limit: 12 },
  }),
  defineAction({
    group: 'Course',
    name: 'courseDetails',
    summary: '课程详情（登录时含是否已收藏）',
    input: idSchema,
    access: 'viewer',
    cache: markedPage('Course', 'isCollected', 'courses'),
    handler: (input, ctx) => getCourseDetails(input.id, detailOptions(ctx, 'course', input.id)),
    reply: replyOf('Course/courseDetails'),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Course',
    name: 'relevantCourse',
    summary: '相关课程',
    input: relevantCourseSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listRelevantCourses(input),
    reply: replyOf('Course/relevantCourse'),
    example: { id: 1, limit: 6 },
  }),
  defineAction({
    group: 'Course',
    name: 'hotCourse',
    summary: '热门课程',
    input: hotCourseSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listHotCourses(input),
    reply: replyOf('Course/hotCourse'),
    example: { limit: 11 },
  }),
  defineAction({
    group: 'Course',
    name: 'courseNoticeList',
    summary: '课程预告列表（分页）',
    input: noticeListSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listNotices(input),
    reply: replyOf('Course/courseNoticeList'),
    example: { page: 1, limit: 10 },
  }),
  defineAction({
    group: 'Course',
    name: 'courseNoticeDetails',
    summary: '课程预告详情',
    input: idSchema,
    access: 'public',
    cache: countedPage('CourseNotice'),
    handler: (input, ctx) => getNoticeDetails(input.id, detailOptions(ctx, 'notice', input.id)),
    reply: replyOf('Course/courseNoticeDetails'),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Course',
    name: 'commonProblem',
    summary: '常见问题列表（分页）',
    input: questionListSchema,
    access: 'public',
    cache: shared,
    handler: (input) => listQuestions(input),
    reply: replyOf('Course/commonProblem'),
    example: { page: 1, limit: 14 },
  }),
  defineAction({
    group: 'Course',
    name: 'commonProblemDetails',
    summary: '常见问题详情',
    input: idSchema,
    access: 'public',
    cache: countedPage('Question'),
    handler: (input, ctx) => getQuestionDetails(input.id, detailOptions(ctx, 'question', input.id)),
    reply: replyOf('Course/commonProblemDetails'),
    example: { id: 1 },
  }),
]
