import fs from 'node:fs'
import path from 'node:path'
import compression from 'compression'
import express, { type Express } from 'express'
import { env } from './env'
import { apiNotFound, errorHandler } from './http/error-handler'
import { hotActions } from './http/hot-actions'
import { JSON_BODY_LIMIT } from './http/json-body'
import { requestLog } from './http/request-log'
import { securityHeaders } from './http/security-headers'
import { courseHotActions, courseRoutes } from './features/course/course.routes'
import { indexHotActions, indexRoutes } from './features/index/index.routes'
import { memberRoutes } from './features/member/member.routes'
import { regionRoutes } from './features/region/region.routes'
import { reviewRoutes } from './features/review/review.routes'
import { searchHotActions, searchRoutes } from './features/search/search.routes'
import { specialHotActions, specialRoutes } from './features/special/special.routes'
import { teacherHotActions, teacherRoutes } from './features/teacher/teacher.routes'
import { serveUploads } from './features/upload/upload.static'
import { memberUploadRoutes, teacherUploadRoutes } from './features/upload/upload.routes'
import { courseCollectRoutes, specialCollectRoutes, teacherFollowRoutes } from './features/collect/collect.routes'

export type AppOptions = { clientDist?: string; uploadDir?: string }

export function createApp(options: AppOptions = {}): Express {
  const clientDist = options.clientDist ?? env.CLIENT_DIST
  const uploadDir = options.uploadDir ?? env.UPLOAD_DIR
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY ? Number(env.TRUST_PROXY) || env.TRUST_PROXY : false)

  // The busiest public actions first: one lookup, then the same headers, log and envelopes.
  app.use(
    hotActions({
      Index: { ...indexHotActions, ...searchHotActions },
      Teacher: teacherHotActions,
      Course: courseHotActions,
      Special: specialHotActions,
    }),
  )
  app.use(securityHeaders)
  app.use('/api', requestLog)
  app.use(compression())

  const api = express.Router()
  // Multipart routes come before the JSON parser; the JSON parser ignores them anyway by type.
  api.use('/Member', memberUploadRoutes)
  api.use('/Teacher', teacherUploadRoutes)
  api.use(express.json({ limit: JSON_BODY_LIMIT }))
  api.use('/Member', memberRoutes, reviewRoutes)
  api.use('/Index', indexRoutes, searchRoutes)
  api.use('/Teacher', teacherRoutes, teacherFollowRoutes)
  api.use('/Course', courseRoutes, courseCollectRoutes)
  api.use('/Special', specialRoutes, specialCollectRoutes)
  api.use('/Region', regionRoutes)
  api.use(apiNotFound)
  api.use(errorHandler)
  app.use(
    '/api',
    (_req, res, next) => {
      res.set('Cache-Control', 'no-store')
      next()
    },
    api,
  )

  app.use('/uploads', serveUploads(uploadDir))
  serveClient(app, clientDist)
  app.use(errorHandler)
  return app
}

/** The built client: hashed assets cached for a year, every other GET falls back to index.html. */
function serveClient(app: Express, clientDist: string) {
  const indexHtml = path.join(clientDist, 'index.html')
  app.use(
    express.static(clientDist, {
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.set('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  app.get(/.*/, (req, res) => {
    if (!fs.existsSync(indexHtml)) {
      res.status(503).type('text/plain; charset=utf-8').send('前端尚未构建，请先运行 npm run build')
      return
    }
    res.set('Cache-Control', 'no-cache')
    res.sendFile(indexHtml)
  })
}
