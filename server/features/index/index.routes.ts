import { Router } from 'express'
import { endpoint } from '../../http/endpoint'
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
 * Actions with no payload whose answer is the same for every visitor, read on every page: served
 * from the content cache. app.ts mounts this router ahead of logging, compression and the JSON
 * parser (the body is never read), so a cached answer costs about as much as sending fixed bytes.
 */
export const indexCachedRoutes = Router()
indexCachedRoutes.post(
  '/indexList',
  cachedEndpoint(emptySchema, () => 'Index/indexList', getHomeData),
)
indexCachedRoutes.post(
  '/getConfig',
  cachedEndpoint(emptySchema, () => 'Index/getConfig', getConfig),
)
indexCachedRoutes.post(
  '/getSiteInfo',
  cachedEndpoint(emptySchema, () => 'Index/getSiteInfo', getSiteInfo),
)
indexCachedRoutes.post(
  '/teacherClass',
  cachedEndpoint(emptySchema, () => 'Index/teacherClass', listTeacherCategories),
)
indexCachedRoutes.post(
  '/courseClass',
  cachedEndpoint(emptySchema, () => 'Index/courseClass', listCourseCategories),
)
indexCachedRoutes.post(
  '/specialClass',
  cachedEndpoint(emptySchema, () => 'Index/specialClass', listSpecialCategories),
)

export const indexRoutes = Router()
indexRoutes.post(
  '/getMenuseo',
  cachedEndpoint(menuSeoSchema, (input) => `Index/getMenuseo/${input.menu ?? ''}`, getMenuSeo),
)
indexRoutes.post(
  '/getTags',
  endpoint(tagListSchema, (input) => listTags(input)),
)
indexRoutes.post(
  '/getHotTags',
  endpoint(hotTagSchema, (input) => listHotTags(input)),
)
