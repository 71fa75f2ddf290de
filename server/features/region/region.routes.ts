import { Router } from 'express'

export const regionRoutes = Router()
