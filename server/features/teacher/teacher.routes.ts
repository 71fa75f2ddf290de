import express, { Router } from 'express'
import { endpoint, viewerEndpoint } from '../../http/endpoint'
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
 * The busiest list, the same for every visitor: each page is served from the content cache (lightly
 * compressed: a page may be read only a few times before content changes). app.ts mounts this router
 * ahead of request logging and compression, like indexCachedRoutes, so it parses its own JSON body.
 */
export const teacherCachedRoutes = Router()
teacherCachedRoutes.post(
  '/teacherList',
  express.json({ limit: '16kb' }),
  cachedEndpoint(
    teacherListSchema,
    ({ cid, page, limit }) => `Teacher/teacherList/${cid ?? ''}/${page}/${limit}`,
    async (input) => listTeachers(input),
    'fast',
  ),
)

export const teacherRoutes = Router()

// The navigation menu on every page reads it: served from the content cache.
teacherRoutes.post(
  '/teacherAll',
  cachedEndpoint(teacherAllSchema, (input) => `Teacher/teacherAll/${input.perCategory}`, listTeachersByCategory),
)
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
