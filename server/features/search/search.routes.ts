import { Router } from 'express'
import { fastEndpoint } from '../../lib/fast-json'
import { searchSchema } from './search.schemas'
import { search } from './search.service'

// Mounted under /api/Index: the specification has a /search page but names no action for it.
export const searchRoutes = Router()

searchRoutes.post(
  '/search',
  fastEndpoint(searchSchema, (input) => search(input)),
)
