// A member's video waiting for review plays, transcoded, for its owner and the reviewers only: its
// streaming copy's addresses carry a signature for that one folder in their path, so the playlists'
// relative segment addresses keep it; everyone else, and an old or borrowed signature, gets 404.
import crypto from 'node:crypto'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { clock } from '../../lib/clock'
import { storage } from '../../lib/storage'
import { createTeacher, createTeacherVideo } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'
import request from '../../test/request'
import { signedStreamUrl, uploadUrl } from './upload-access.service'

const app = createApp()
const api = () => request(app)

/** A ready streaming copy of a member's private upload, with its files in storage. */
async function privateVideoWithCopy() {
  const owner = await createSignedInMember()
  const source = `2026/11/27/${crypto.randomBytes(16).toString('hex')}.mp4`
  await prisma.upload.create({ data: { memberId: owner.member.id, path: source, kind: 'video', mime: 'video/mp4', size: 1, sha256: 'x' } })
  await storage().put(source, Buffer.from('mp4'), { contentType: 'video/mp4' })
  const asset = await prisma.videoAsset.create({
    data: { source, state: 'ready', duration: 8, width: 640, height: 360, renditions: '[{"height":360,"label":"360p"}]' },
  })
  const prefix = `hls/${asset.id}/${crypto.randomBytes(8).toString('hex')}/`
  await prisma.videoAsset.update({ where: { id: asset.id }, data: { prefix } })
  await storage().put(`${prefix}master.m3u8`, Buffer.from('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n'), {
    contentType: 'application/vnd.apple.mpegurl',
  })
  await storage().put(`${prefix}360p/index.m3u8`, Buffer.from('#EXTM3U\n#EXTINF:4,\nseg-000.ts\n#EXT-X-ENDLIST\n'), {
    contentType: 'application/vnd.apple.mpegurl',
  })
  await storage().put(`${prefix}360p/seg-000.ts`, Buffer.alloc(188, 0x47), { contentType: 'video/mp2t' })
  const teacher = await createTeacher()
  const video = await createTeacherVideo({
    teacherId: teacher.id,
    memberId: owner.member.id,
    videoUrl: uploadUrl(source),
    status: 'pending',
  })
  return { owner, prefix, video, source }
}

test("the owner's list gives a signed master playlist whose relative segments stay signed; a stranger's plain address is 404", async () => {
  const { owner, prefix } = await privateVideoWithCopy()
  const res = await api().post('/api/Member/myTeacherVideo').set('Authorization', owner.auth).send({ page: 1, limit: 10 })
  const master = res.body.data.list[0].stream.master as string
  expect(master).toMatch(new RegExp(`^/uploads/_signed/\\d+/[\\w-]{43}/${prefix}master\\.m3u8$`))

  const playlist = await api().get(master)
  expect(playlist.status).toBe(200)
  expect(playlist.headers['cache-control']).toBe('private, no-store')
  const variant = new URL('360p/index.m3u8', `http://host${master}`).pathname
  expect((await api().get(variant)).status).toBe(200)
  const segment = new URL('seg-000.ts', `http://host${variant}`).pathname
  const bytes = await api().get(segment)
  expect(bytes.status).toBe(200)
  expect(bytes.body.length).toBe(188)

  for (const plain of [`${prefix}master.m3u8`, `${prefix}360p/seg-000.ts`]) expect((await api().get(uploadUrl(plain))).status).toBe(404)
})

test('a signature expires, opens only its own folder, and cannot be altered', async () => {
  const first = await privateVideoWithCopy()
  const second = await privateVideoWithCopy()
  const signed = signedStreamUrl(`${first.prefix}master.m3u8`)
  expect((await api().get(signed)).status).toBe(200)
  expect((await api().get(signed.replace(first.prefix, second.prefix))).status).toBe(404)
  const sig = signed.split('/')[4]
  expect((await api().get(signed.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`))).status).toBe(404)
  const later = Date.now() + 3 * 60 * 60 * 1000
  vi.spyOn(clock, 'now').mockReturnValue(later)
  onTestFinished(() => void vi.restoreAllMocks())
  expect((await api().get(signed)).status).toBe(404)
})

test('once the video is public its copy is served to anyone, cached for good', async () => {
  const { prefix, source } = await privateVideoWithCopy()
  await prisma.upload.update({ where: { path: source }, data: { isPublic: true } })
  const res = await api().get(uploadUrl(`${prefix}360p/seg-000.ts`))
  expect(res.status).toBe(200)
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('a reviewer sees the pending video with its signed copy', async () => {
  const { prefix, video } = await privateVideoWithCopy()
  const reviewer = await createSignedInMember({ role: 'reviewer' })
  const res = await api().post('/api/Admin/videoReviewGet').set('Authorization', reviewer.auth).send({ id: video.id })
  expect(res.body.data.stream.master).toContain(`/_signed/`)
  expect(res.body.data.stream.master).toContain(prefix)
  expect((await api().get(res.body.data.stream.master)).status).toBe(200)
})
