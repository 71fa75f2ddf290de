import { Router } from 'express'
import { endpoint, viewerEndpoint } from '../../http/endpoint'
import { postActions } from '../../http/hot-actions'
import { cachedEndpoint } from '../../lib/cached-endpoint'
import { idSchema } from '../../lib/schemas'
import { articleListSchema, recommendTeacherSchema, teacherAllSchema, teacherItemsSchema, teacherListSchema } from './teacher.schemas'
import {
  getActivityDetails,
  getTeacherDetails,
  getTeacherVideoDetails,
  getViewpointDetails,
  listActivities,
  listRecommendedTeachers,
  listTeacherCourses,
  listTeacherVideos,
  listTeachers,
  listTeachersByCategory,
  listViewpoints,
} from './teacher.service'

/**
 * The busiest lists, the same for every visitor: each page is served from the content cache (list
 * pages lightly compressed: a page may be read only a few times before content changes), and
 * answered on the hot path (http/hot-actions.ts) ahead of the general middleware.
 */
export const teacherHotActions = {
  teacherList: cachedEndpoint(
    teacherListSchema,
    ({ cid, page, limit }) => `Teacher/teacherList/${cid ?? ''}/${page}/${limit}`,
    async (input) => listTeachers(input),
    'fast',
  ),
  // The navigation menu on every page reads it.
  teacherAll: cachedEndpoint(teacherAllSchema, (input) => `Teacher/teacherAll/${input.perCategory}`, listTeachersByCategory),
}

export const teacherRoutes = postActions(Router(), teacherHotActions)
teacherRoutes.post(
  '/teacherDetails',
  viewerEndpoint(idSchema, (input, viewer) => getTeacherDetails(input.id, viewer)),
)
teacherRoutes.post(
  '/teacherCourse',
  endpoint(teacherItemsSchema, (input) => listTeacherCourses(input)),
)
teacherRoutes.post(
  '/teacherVideo',
  endpoint(teacherItemsSchema, (input) => listTeacherVideos(input)),
)
teacherRoutes.post(
  '/teacherVideoDetails',
  endpoint(idSchema, (input) => getTeacherVideoDetails(input.id)),
)
teacherRoutes.post(
  '/recommendTeacher',
  cachedEndpoint(recommendTeacherSchema, (input) => `Teacher/recommendTeacher/${input.limit}`, listRecommendedTeachers),
)
teacherRoutes.post(
  '/teacherViewpoint',
  endpoint(articleListSchema, (input) => listViewpoints(input)),
)
teacherRoutes.post(
  '/teacherViewpointDetails',
  endpoint(idSchema, (input) => getViewpointDetails(input.id)),
)
teacherRoutes.post(
  '/teacherActivity',
  endpoint(articleListSchema, (input) => listActivities(input)),
)
teacherRoutes.post(
  '/teacherActivityDetails',
  endpoint(idSchema, (input) => getActivityDetails(input.id)),
)
