import { Router } from 'express'

// Multipart actions: /api/Member/uploads and /api/Teacher/upload, /api/Teacher/addTeacherVideo.
export const memberUploadRoutes = Router()
export const teacherUploadRoutes = Router()
