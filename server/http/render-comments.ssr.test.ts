// Comments in server-rendered pages (issue 25): a crawler without JavaScript reads the first page of
// an item's published comments, links in them marked as user content, and never a hidden one.
import request from '../test/request'
import { inject } from 'vitest'
import { createApp } from '../app'
import { prisma } from '../db'
import { createLogger } from '../lib/logger'
import { signPreview } from '../lib/preview-grant'
import { createActivity, createCourse, createSpecial, createTeacher, createViewpoint } from '../test/factories'
import { createSignedInMember } from '../test/member-factories'

const logger = createLogger('error', { write: () => undefined })
const app = createApp({ clientDist: inject('clientDist'), logger })

async function body(url: string) {
  const res = await request(app).get(url).set('Host', 'portal.test')
  expect(res.status).toBe(200)
  return /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(res.text)?.[1] ?? ''
}

describe('comments in server-rendered detail pages', () => {
  test('a course page holds its published comments and replies, links with rel="ugc nofollow", no hidden ones', async () => {
    const { member } = await createSignedInMember({ nickname: '评论甲' })
    const { member: other } = await createSignedInMember({ nickname: '评论乙' })
    const course = await createCourse()
    const top = await prisma.comment.create({
      data: { entity: 'course', recordId: course.id, memberId: member.id, content: '这门课很好，资料见 https://example.org/notes 。' },
    })
    await prisma.comment.create({
      data: { entity: 'course', recordId: course.id, memberId: other.id, parentId: top.id, content: '同意楼上的看法' },
    })
    await prisma.comment.create({
      data: { entity: 'course', recordId: course.id, memberId: other.id, content: '被隐藏的广告', status: 'hidden', hideReason: '广告' },
    })
    await prisma.comment.create({
      data: { entity: 'course', recordId: course.id, memberId: other.id, content: '待审核的评论', status: 'pending' },
    })

    const html = await body(`/course/detail/${course.id}`)

    expect(html).toContain('这门课很好，资料见 ')
    expect(html).toContain('<a href="https://example.org/notes" rel="ugc nofollow noopener" target="_blank">https://example.org/notes</a>')
    expect(html).toContain('同意楼上的看法')
    expect(html).toContain('评论甲')
    expect(html).toMatch(/共 (<!-- -->)?2(<!-- -->)? 条/)
    expect(html).not.toContain('被隐藏的广告')
    expect(html).not.toContain('待审核的评论')
  })

  test('special, viewpoint and activity pages hold their comments; text is never markup', async () => {
    const { member } = await createSignedInMember({ nickname: '评论丙' })
    const teacher = await createTeacher()
    const pages = [
      ['special', (await createSpecial()).id, '/subject/detail/'],
      ['viewpoint', (await createViewpoint({ teacherId: teacher.id })).id, '/article/detail/'],
      ['activity', (await createActivity({ teacherId: teacher.id })).id, '/schooling/detail/'],
    ] as const
    for (const [entity, recordId, path] of pages) {
      await prisma.comment.create({ data: { entity, recordId, memberId: member.id, content: `${entity} 的评论 <b>x</b>` } })
      const html = await body(`${path}${recordId}`)
      expect(html).toContain(`${entity} 的评论 &lt;b&gt;x&lt;/b&gt;`)
    }
  })

  test('an item without comments says so', async () => {
    const course = await createCourse()
    expect(await body(`/course/detail/${course.id}`)).toContain('暂无评论，快来发表第一条评论吧')
  })

  test('a preview of an unpublished course shows an empty comment section, not a failure', async () => {
    const course = await createCourse({ isPublished: false })
    const html = await body(`/course/detail/${course.id}?preview=${signPreview('course', course.id, new Date(Date.now() + 3_600_000))}`)
    expect(html).toContain('暂无评论，快来发表第一条评论吧')
    expect(html).not.toContain('无法评论')
  })
})
