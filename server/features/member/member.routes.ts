import { Router } from 'express'

export const memberRoutes = Router()
