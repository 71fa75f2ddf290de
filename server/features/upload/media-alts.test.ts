// Index/mediaAlts: the alt text staff write in the media library, by picture address, for the public
// pages; '' for anything else; a change in the library shows at once despite the shared cache.
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { createSignedInMember } from '../../test/member-factories'

const app = createApp()
const mediaAlts = (body: object) => request(app).post('/api/Index/mediaAlts').send(body)

test('answers each address with its file’s alt text, or an empty one; follows a change made in the library', async () => {
  const file = await prisma.upload.findFirstOrThrow({ where: { path: { startsWith: 'seed/teacher/' } }, select: { id: true, path: true } })
  const address = `/uploads/${file.path}`
  const paths = [address, '/uploads/2020/01/01/none.png', 'https://example.com/a.png', '/brand/logo.svg']
  const before = await mediaAlts({ paths })
  expect(before.body).toEqual({
    code: Code.OK,
    msg: expect.any(String),
    data: { [address]: '', '/uploads/2020/01/01/none.png': '', 'https://example.com/a.png': '', '/brand/logo.svg': '' },
  })

  const admin = await createSignedInMember({ role: 'admin' })
  const saved = await request(app)
    .post('/api/Admin/mediaSave')
    .set('Authorization', admin.auth)
    .send({ id: file.id, alt: '讲台上的王教授', folder: '名师' })
  expect(saved.body.code).toBe(Code.OK)

  expect((await mediaAlts({ paths })).body.data[address]).toBe('讲台上的王教授')
})

test('refuses more than 100 addresses, an overlong one and a payload that is no list, in Chinese', async () => {
  const many = Array.from({ length: 101 }, (_, i) => `/uploads/x/${i}.png`)
  expect((await mediaAlts({ paths: many })).body).toEqual({ code: Code.BAD_PARAMS, msg: '一次最多查询 100 张图片', data: null })
  expect((await mediaAlts({ paths: [`/uploads/${'a'.repeat(300)}`] })).body).toMatchObject({ code: Code.BAD_PARAMS, msg: '图片地址过长' })
  expect((await mediaAlts({ paths: 'x' })).body).toMatchObject({ code: Code.BAD_PARAMS, msg: 'paths 应为图片地址的数组' })
})
