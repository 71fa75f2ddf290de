import { Router } from 'express'

export const courseRoutes = Router()
