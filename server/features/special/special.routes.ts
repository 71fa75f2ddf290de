import { Router } from 'express'
import { endpoint, viewerEndpoint } from '../../http/endpoint'
import { postActions } from '../../http/hot-actions'
import { cachedEndpoint } from '../../lib/cached-endpoint'
import { fastEndpoint } from '../../lib/fast-json'
import { idSchema } from '../../lib/schemas'
import { bannerSchema, hotLabelSchema, hotSpecialSchema, specialListSchema, tagCloudSchema } from './special.schemas'
import { getSpecialDetails, listBanners, listHotSpecials, listSpecialLabels, listSpecials, listTagCloud } from './special.service'

// The topic list page's answer, compressed in one call (fast-json.ts), on the hot path (http/hot-actions.ts).
export const specialHotActions = {
  specialList: fastEndpoint(specialListSchema, (input) => listSpecials(input)),
}

export const specialRoutes = postActions(Router(), specialHotActions)
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
