// tus protocol requests against an app, as the page's tus-js-client sends them: the resumable upload
// tests (local disk and bucket) speak through these rather than each spelling the headers.
import type { Express } from 'express'
import { RESUMABLE_UPLOAD_PATH } from '../../common/resumable-upload'
import request from './request'

export const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' }

/** tus's Upload-Metadata: comma-separated `key base64(value)` pairs. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')

/** The upload's key: the last segment of the address a create answers. */
export const keyOf = (location: string) => location.split('/').pop()!

export const envelopeOf = (res: { text: string }) => JSON.parse(res.text) as { code: number; msg: string; data: null }

export function tusRequests(app: Express) {
  return {
    /** Starts a teacher video of `size` bytes (null: length deferred); answers the raw response. */
    create(auth: string | null, size: number | null, fields: Record<string, string> = {}) {
      const req = request(app)
        .post(RESUMABLE_UPLOAD_PATH)
        .set(TUS_HEADERS)
        .set('Upload-Metadata', tusMetadata({ filename: '第一讲.mp4', filetype: 'video/mp4', purpose: 'teacher-video', ...fields }))
      if (auth) req.set('Authorization', auth)
      if (size === null) req.set('Upload-Defer-Length', '1')
      else req.set('Upload-Length', String(size))
      return req
    },
    patch(auth: string, key: string, offset: number, bytes: Buffer) {
      return request(app)
        .patch(`${RESUMABLE_UPLOAD_PATH}${key}`)
        .set(TUS_HEADERS)
        .set('Authorization', auth)
        .set('Upload-Offset', String(offset))
        .set('Content-Type', 'application/offset+octet-stream')
        .send(bytes)
    },
    head: (auth: string, key: string) => request(app).head(`${RESUMABLE_UPLOAD_PATH}${key}`).set(TUS_HEADERS).set('Authorization', auth),
    cancel: (auth: string, key: string) =>
      request(app).delete(`${RESUMABLE_UPLOAD_PATH}${key}`).set(TUS_HEADERS).set('Authorization', auth),
    /** The teacher-video completion action. */
    complete: (auth: string, key: string) => request(app).post('/api/Teacher/uploadComplete').set('Authorization', auth).send({ key }),
  }
}
