// Preview links and per-item SEO against the real server and seeded database: staff save a course
// that is not published, whose public page is a 404 until opened through its preview link (banner,
// noindex) and a 404 again once the link has expired; a published course's own SEO title and
// description reach the head of its page.
import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { DEMO_ADMIN } from '../../seed/demo-accounts'
import { signPreview } from '../../server/lib/preview-grant'
import { networkQuiet, setUpJourneys } from './harness'

// The portal and this file sign with one key (JWT_SECRET, or the one generated into the databases'
// folder they share), so a test can sign a link that expires in seconds.
const journeys = setUpJourneys()
const { newPage, api } = journeys

type Envelope<T> = { code: number; msg: string; data: T }
const unique = () => crypto.randomBytes(3).toString('hex')

/** A signed-in API call, throwing on a failure envelope. */
async function callAs<T = unknown>(token: string, action: string, body: object = {}): Promise<T> {
  const res = await fetch(`${journeys.portal.baseUrl}/api/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const envelope = (await res.json()) as Envelope<T>
  if (envelope.code !== 200) throw new Error(`${action}: ${envelope.code} ${envelope.msg}`)
  return envelope.data
}

type CourseRecord = { id: number; category: string; teacher?: string | null }

/** Saves a new course (seed format) with the category and teacher of a seeded one; answers its id. */
async function saveCourse(admin: string, fields: Record<string, unknown>): Promise<number> {
  const { list } = await api<{ list: { id: number }[] }>('Course/courseList', { page: 1, limit: 1 })
  const seeded = await callAs<CourseRecord>(admin, 'Admin/courseGet', { id: list[0].id })
  const slug = `preview-seo-${unique()}`
  await callAs(admin, 'Admin/courseSave', { slug, category: seeded.category, teacher: seeded.teacher ?? null, tags: [], ...fields })
  const found = await callAs<{ list: { id: number; slug: string }[] }>(admin, 'Admin/courseList', {
    keyword: fields.title,
    page: 1,
    limit: 5,
  })
  return found.list.find((row) => row.slug === slug)!.id
}

describe('preview links and per-item SEO', () => {
  test('a draft course is a 404 for visitors and shows, with the banner and noindex, through its preview link', async () => {
    const admin = (await api<{ token: string }>('Member/login', DEMO_ADMIN)).token
    const title = `预览草稿课程${unique()}`
    const id = await saveCourse(admin, { title, intro: '尚未发布的课程' })
    // New records may still be published by Save: unpublish explicitly until Save always drafts.
    await callAs(admin, 'Admin/coursePublish', { id, isPublished: false })

    const visitor = await fetch(`${journeys.portal.baseUrl}/course/detail/${id}`)
    expect(visitor.status).toBe(404)
    expect(await visitor.text()).not.toContain(title)

    const { url } = await callAs<{ url: string; expiresAt: string }>(admin, 'Admin/previewLink', { entity: 'course', id })
    const { page } = await newPage()
    const response = await page.goto(`${journeys.portal.baseUrl}${url}`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    await expect.poll(() => page.getByText('预览：此内容尚未发布').isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('heading', { name: title }).first().isVisible()).toBe(true)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    // After hydration the page's own API calls carry the token: the course is still there.
    await networkQuiet(page)
    expect(await page.getByText(title).first().isVisible()).toBe(true)
  })

  test("a published course's SEO title and description, set through courseSave, are in its page's head", async () => {
    const admin = (await api<{ token: string }>('Member/login', DEMO_ADMIN)).token
    const title = `SEO课程${unique()}`
    const id = await saveCourse(admin, { title, intro: '普通简介' })
    await callAs(admin, 'Admin/coursePublish', { id, isPublished: true })
    const record = await callAs<Record<string, unknown>>(admin, 'Admin/courseGet', { id })
    await callAs(admin, 'Admin/courseSave', { ...record, id, seoTitle: `${title}｜专属标题`, seoDescription: '专为搜索结果写的摘要' })

    const { page } = await newPage()
    const response = await page.goto(`${journeys.portal.baseUrl}/course/detail/${id}`)
    expect(response?.status()).toBe(200)
    expect(await page.title()).toBe(`${title}｜专属标题`)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('专为搜索结果写的摘要')
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${title}｜专属标题`)
    expect(await page.locator('meta[name="robots"]').count()).toBe(0)
  })

  test('a preview link stops showing the draft once it expires', async () => {
    const admin = (await api<{ token: string }>('Member/login', DEMO_ADMIN)).token
    const title = `限时预览课程${unique()}`
    const id = await saveCourse(admin, { title, intro: '尚未发布的课程' })
    // A link signed as the server signs them (the same key), valid for the next few seconds.
    const expiresAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_000)
    const link = `${journeys.portal.baseUrl}/course/detail/${id}?preview=${signPreview('course', id, expiresAt)}`

    const { page } = await newPage()
    expect((await page.goto(link))?.status()).toBe(200)
    await page.getByText('预览：此内容尚未发布').waitFor()

    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 500))
    const expired = await page.goto(link)
    expect(expired?.status()).toBe(404)
    expect(await page.getByText('预览：此内容尚未发布').count()).toBe(0)
    expect(await page.getByText(title).count()).toBe(0)
  })
})
