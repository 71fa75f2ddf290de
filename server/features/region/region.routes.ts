import { Router } from 'express'
import { endpoint } from '../../http/endpoint'
import { regionChildrenSchema, regionPathSchema } from './region.schemas'
import { getRegionPath, listRegionChildren } from './region.service'

export const regionRoutes = Router()
regionRoutes.post(
  '/children',
  endpoint(regionChildrenSchema, (input) => listRegionChildren(input)),
)
regionRoutes.post(
  '/path',
  endpoint(regionPathSchema, (input) => getRegionPath(input)),
)
