import { Router } from 'express'
import { endpoint } from '../../http/endpoint'
import { searchSchema } from './search.schemas'
import { search } from './search.service'

// Mounted under /api/Index: the specification has a /search page but names no action for it.
export const searchRoutes = Router()

searchRoutes.post('/search', endpoint(searchSchema, (input) => search(input)))
