import { Router } from 'express'
import { endpoint } from '../../http/endpoint'
import { noPayload, postActions } from '../../http/hot-actions'
import { cachedEndpoint } from '../../lib/cached-endpoint'
import { emptySchema } from '../../lib/schemas'
import { hotTagSchema, menuSeoSchema, tagListSchema } from './index.schemas'
import {
  getConfig,
  getHomeData,
  getMenuSeo,
  getSiteInfo,
  listCourseCategories,
  listHotTags,
  listSpecialCategories,
  listTags,
  listTeacherCategories,
} from './index.service'

/**
 * Read on every page, the same for every visitor: served from the content cache, and answered on
 * the hot path (http/hot-actions.ts) ahead of the general middleware.
 */
export const indexHotActions = {
  indexList: noPayload(cachedEndpoint(emptySchema, () => 'Index/indexList', getHomeData)),
  getConfig: noPayload(cachedEndpoint(emptySchema, () => 'Index/getConfig', getConfig)),
  getSiteInfo: noPayload(cachedEndpoint(emptySchema, () => 'Index/getSiteInfo', getSiteInfo)),
  getMenuseo: cachedEndpoint(menuSeoSchema, (input) => `Index/getMenuseo/${input.menu ?? ''}`, getMenuSeo),
  teacherClass: noPayload(cachedEndpoint(emptySchema, () => 'Index/teacherClass', listTeacherCategories)),
  courseClass: noPayload(cachedEndpoint(emptySchema, () => 'Index/courseClass', listCourseCategories)),
  specialClass: noPayload(cachedEndpoint(emptySchema, () => 'Index/specialClass', listSpecialCategories)),
}

export const indexRoutes = postActions(Router(), indexHotActions)
indexRoutes.post(
  '/getTags',
  endpoint(tagListSchema, (input) => listTags(input)),
)
indexRoutes.post(
  '/getHotTags',
  endpoint(hotTagSchema, (input) => listHotTags(input)),
)
