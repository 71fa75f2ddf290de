import { Router } from 'express'

export const teacherRoutes = Router()
