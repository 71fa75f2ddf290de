import { Router } from 'express'
import { postActions } from '../../http/hot-actions'
import { fastEndpoint } from '../../lib/fast-json'
import { searchSchema } from './search.schemas'
import { search } from './search.service'

// Under /api/Index: the specification has a /search page but names no action for it.
export const searchHotActions = {
  search: fastEndpoint(searchSchema, (input) => search(input)),
}

export const searchRoutes = postActions(Router(), searchHotActions)
