import { Router } from 'express'

export const indexRoutes = Router()
