import { Router } from 'express'
import { endpoint } from '../../http/endpoint'
import { postActions } from '../../http/hot-actions'
import { cachedEndpoint } from '../../lib/cached-endpoint'
import { fastEndpoint } from '../../lib/fast-json'
import { emptySchema, idSchema } from '../../lib/schemas'
import {
  cooperationListSchema,
  cooperationTypeSchema,
  courseListSchema,
  hotCourseSchema,
  noticeListSchema,
  problemListSchema,
  relevantCourseSchema,
} from './course.schemas'
import {
  getAboutPage,
  getCooperationDetails,
  getCooperationType,
  getCourseDetails,
  getNoticeDetails,
  getProblemDetails,
  listCooperationTypes,
  listCooperations,
  listCourses,
  listHotCourses,
  listNotices,
  listPartners,
  listProblems,
  listRelevantCourses,
  type AboutKey,
} from './course.service'

// The busiest dynamic answers: compressed in one call (see fast-json.ts) and answered on the hot
// path (http/hot-actions.ts) ahead of the general middleware.
export const courseHotActions = {
  courseList: fastEndpoint(courseListSchema, (input) => listCourses(input)),
  courseDetails: fastEndpoint(idSchema, (input, viewer) => getCourseDetails(input.id, viewer), { withViewer: true }),
}

export const courseRoutes = postActions(Router(), courseHotActions)
courseRoutes.post(
  '/relevantCourse',
  endpoint(relevantCourseSchema, (input) => listRelevantCourses(input)),
)
courseRoutes.post(
  '/hotCourse',
  endpoint(hotCourseSchema, (input) => listHotCourses(input)),
)

courseRoutes.post(
  '/cooperationType',
  cachedEndpoint(emptySchema, () => 'Course/cooperationType', listCooperationTypes),
)
courseRoutes.post(
  '/cooperationList',
  endpoint(cooperationListSchema, (input) => listCooperations(input)),
)
// cooperationDetails is the page of a type (ids 1-5); cooperationDetails2 is one entry of a type.
courseRoutes.post(
  '/cooperationDetails',
  endpoint(cooperationTypeSchema, (input) => getCooperationType(input.id)),
)
courseRoutes.post(
  '/cooperationDetails2',
  endpoint(idSchema, (input) => getCooperationDetails(input.id)),
)
courseRoutes.post(
  '/cooperative',
  cachedEndpoint(emptySchema, () => 'Course/cooperative', listPartners),
)

// About-section texts; each is one cached page.
const aboutPages: Record<string, AboutKey> = {
  getIntro: 'intro',
  getService: 'service',
  getLianxi: 'contact',
  getStatement: 'statement',
  getClause: 'terms',
  getPrivacy: 'privacy',
}
for (const [action, key] of Object.entries(aboutPages)) {
  courseRoutes.post(
    `/${action}`,
    cachedEndpoint(
      emptySchema,
      () => `Course/about/${key}`,
      () => getAboutPage(key),
    ),
  )
}

courseRoutes.post(
  '/courseNoticeList',
  endpoint(noticeListSchema, (input) => listNotices(input)),
)
courseRoutes.post(
  '/courseNoticeDetails',
  endpoint(idSchema, (input) => getNoticeDetails(input.id)),
)
courseRoutes.post(
  '/commonProblem',
  endpoint(problemListSchema, (input) => listProblems(input)),
)
courseRoutes.post(
  '/commonProblemDetails',
  endpoint(idSchema, (input) => getProblemDetails(input.id)),
)
