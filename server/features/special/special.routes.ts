import { Router } from 'express'
import { endpoint, viewerEndpoint } from '../../http/endpoint'
import { cachedEndpoint } from '../../lib/cached-endpoint'
import { fastEndpoint } from '../../lib/fast-json'
import { idSchema } from '../../lib/schemas'
import { bannerSchema, hotLabelSchema, hotSpecialSchema, specialListSchema, tagCloudSchema } from './special.schemas'
import { getSpecialDetails, listBanners, listHotSpecials, listSpecialLabels, listSpecials, listTagCloud } from './special.service'

export const specialRoutes = Router()

specialRoutes.post(
  '/specialList',
  fastEndpoint(specialListSchema, (input) => listSpecials(input)),
)
specialRoutes.post(
  '/specialDetails',
  viewerEndpoint(idSchema, (input, viewer) => getSpecialDetails(input.id, viewer)),
)
specialRoutes.post(
  '/hotSpecial',
  endpoint(hotSpecialSchema, (input) => listHotSpecials(input)),
)
specialRoutes.post(
  '/hotLabel',
  cachedEndpoint(hotLabelSchema, (input) => `Special/hotLabel/${input.limit}`, listSpecialLabels),
)
specialRoutes.post(
  '/hotLabel2',
  cachedEndpoint(tagCloudSchema, (input) => `Special/hotLabel2/${input.limit}`, listTagCloud),
)
specialRoutes.post(
  '/getBanner',
  cachedEndpoint(bannerSchema, (input) => `Special/getBanner/${input.position}`, listBanners),
)
