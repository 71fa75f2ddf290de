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

export const indexRoutes = Router()

// Same answer for every visitor and read on every page: served from the content cache.
indexRoutes.post('/indexList', cachedEndpoint(emptySchema, () => 'Index/indexList', getHomeData))
indexRoutes.post('/getConfig', cachedEndpoint(emptySchema, () => 'Index/getConfig', getConfig))
indexRoutes.post('/getSiteInfo', cachedEndpoint(emptySchema, () => 'Index/getSiteInfo', getSiteInfo))
indexRoutes.post('/getMenuseo', cachedEndpoint(menuSeoSchema, (input) => `Index/getMenuseo/${input.menu ?? ''}`, getMenuSeo))
indexRoutes.post('/teacherClass', cachedEndpoint(emptySchema, () => 'Index/teacherClass', listTeacherCategories))
indexRoutes.post('/courseClass', cachedEndpoint(emptySchema, () => 'Index/courseClass', listCourseCategories))
indexRoutes.post('/specialClass', cachedEndpoint(emptySchema, () => 'Index/specialClass', listSpecialCategories))
indexRoutes.post('/getTags', endpoint(tagListSchema, (input) => listTags(input)))
indexRoutes.post('/getHotTags', endpoint(hotTagSchema, (input) => listHotTags(input)))
