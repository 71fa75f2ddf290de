import { Router } from 'express'

export const specialRoutes = Router()
