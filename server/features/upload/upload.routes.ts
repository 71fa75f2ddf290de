import crypto from 'node:crypto'
import fs from 'node:fs'
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import multer from 'multer'
import { authenticate, type AuthedMember } from '../../http/auth'
import { memberEndpoint } from '../../http/endpoint'
import { ApiError, Code, ok } from '../../http/envelope'
import { addTeacherVideoSchema, uploadFieldsSchema } from './upload.schemas'
import { storeUpload, uploadTempDir } from './upload.service'
import { KIND_TEXT, uploadLimits, type UploadKind } from './upload.types'
import { addTeacherVideo } from './teacher-video.service'

// Multipart actions: /api/Member/uploads and /api/Teacher/upload, /api/Teacher/addTeacherVideo.
export const memberUploadRoutes = Router()
export const teacherUploadRoutes = Router()

const formatMb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`

/** Streams the single `file` part to a temp file; limits are read per request so tests can lower them. */
function receiveFile(allowed: UploadKind[]): RequestHandler {
  const maxSize = () => Math.max(...allowed.map((kind) => uploadLimits[kind]))
  const storage = multer.diskStorage({
    destination: (_req, _file, cb) => {
      const dir = uploadTempDir()
      fs.mkdir(dir, { recursive: true }, (error) => cb(error, dir))
    },
    filename: (_req, _file, cb) => cb(null, crypto.randomBytes(16).toString('hex')),
  })
  // Built per request (cheap) so the size limit follows uploadLimits.
  const parser = () =>
    multer({
      storage,
      // Keep the raw name, so a name carrying "../" is seen and refused rather than quietly trimmed.
      preservePath: true,
      // Browsers send UTF-8 file names (中文.png); busboy would read them as latin1.
      defParamCharset: 'utf8',
      limits: { fileSize: maxSize(), files: 1, fields: 5, parts: 6, fieldSize: 200 },
    }).single('file')

  return (req, res, next) => {
    parser()(req, res, (error?: unknown) => {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        const limits = allowed.map((kind) => `${KIND_TEXT[kind]}不超过 ${formatMb(uploadLimits[kind])}`).join('，')
        next(new ApiError(Code.TOO_LARGE, `文件过大：${limits}`))
        return
      }
      next(error)
    })
  }
}

/** Login is checked before a byte of the body is stored. */
const requireMember: RequestHandler = async (req, res, next) => {
  try {
    res.locals.member = await authenticate(req)
    next()
  } catch (error) {
    // Don't read a large body for nobody; close the connection after answering instead.
    res.set('Connection', 'close')
    next(error)
  }
}

/** Stores the received file for the signed-in member; the temp file is gone before the answer. */
function storeFile(allowed: UploadKind[]): RequestHandler {
  const store = async (req: Request, res: Response) => {
    const member = res.locals.member as AuthedMember
    const fields = uploadFieldsSchema.parse(req.body ?? {})
    if (!req.file) throw new ApiError(Code.BAD_PARAMS, '请选择要上传的文件')
    const kinds = fields.kind ? allowed.filter((kind) => kind === fields.kind) : allowed
    if (!kinds.length) throw new ApiError(Code.BAD_PARAMS, '上传类型不正确')
    return storeUpload({ tempPath: req.file.path, originalName: req.file.originalname, memberId: member.id, allowed: kinds })
  }
  return async (req: Request, res: Response, next: NextFunction) => {
    const outcome = await store(req, res).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    )
    if (req.file) await fs.promises.rm(req.file.path, { force: true })
    if ('error' in outcome) next(outcome.error)
    else res.status(200).json(ok(outcome.result))
  }
}

const MEMBER_KINDS: UploadKind[] = ['image', 'document']
const TEACHER_KINDS: UploadKind[] = ['image', 'document', 'video']

memberUploadRoutes.post('/uploads', requireMember, receiveFile(MEMBER_KINDS), storeFile(MEMBER_KINDS))
teacherUploadRoutes.post('/upload', requireMember, receiveFile(TEACHER_KINDS), storeFile(TEACHER_KINDS))
// JSON, but mounted with the multipart routes, so it parses its own body.
teacherUploadRoutes.post(
  '/addTeacherVideo',
  express.json({ limit: '100kb' }),
  memberEndpoint(addTeacherVideoSchema, (input, member) => addTeacherVideo(member.id, input)),
)
