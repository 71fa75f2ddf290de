import { Router } from 'express'

// Member actions that live under the Teacher, Course and Special groups.
export const teacherFollowRoutes = Router()
export const courseCollectRoutes = Router()
export const specialCollectRoutes = Router()
