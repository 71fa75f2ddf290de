// Public media through the configured public base (MEDIA_PUBLIC_URL, a CDN whose origin is the site's
// /uploads): every picture, video and poster a server-rendered page draws is addressed there, and
// the page carries the base for the browser, so taking the page over draws the same addresses.
import request from '../test/request'
import { inject } from 'vitest'
import type { Express } from 'express'
import { createApp } from '../app'
import { createLogger } from '../lib/logger'
import { createCourse, createViewpoint } from '../test/factories'

const CDN = 'https://cdn.example.com/uploads'
let app: Express

beforeAll(() => {
  // Read by the server render when it loads the build (at the first page), as at start-up.
  process.env.MEDIA_PUBLIC_URL = CDN
  app = createApp({ clientDist: inject('clientDist'), logger: createLogger('error', { write: () => undefined }) })
})
afterAll(() => {
  delete process.env.MEDIA_PUBLIC_URL
})

async function page(url: string) {
  const res = await request(app).get(url).set('Host', 'portal.test')
  expect(res.status).toBe(200)
  return res.text
}

describe('media of server-rendered pages with a public media base', () => {
  test("a course's video and its poster come from the CDN, and the page names the base", async () => {
    const course = await createCourse({ videoUrl: '/uploads/test/intro.mp4', cover: '/uploads/test/intro-cover.png' })

    const html = await page(`/course/detail/${course.id}`)

    expect(html).toContain(`<meta name="media-base" content="${CDN}">`)
    // No streaming copy yet: the player plays the uploaded file.
    expect(html).toMatch(new RegExp(`<video [^>]*src="${CDN}/test/intro\\.mp4"`))
    expect(html).toContain(`poster="${CDN}/test/intro-cover.png.w960.webp"`)
    expect(html).not.toMatch(/(src|poster)="\/uploads\//)
  })

  test("an article's cover is drawn from the CDN with its WebP copies, as the page's largest picture", async () => {
    const article = await createViewpoint({ cover: '/uploads/test/article-cover.jpg' })

    const html = await page(`/article/detail/${article.id}`)

    const cover = new RegExp(`<img[^>]*alt="${article.title}"[^>]*>`).exec(html)?.[0] ?? ''
    expect(cover).toContain(`src="${CDN}/test/article-cover.jpg"`)
    expect(cover).toContain(`${CDN}/test/article-cover.jpg.w960.webp 960w`)
    expect(cover).toMatch(/width="960" height="360"/)
    expect(cover).toContain('fetchPriority="high"')
  })
})
