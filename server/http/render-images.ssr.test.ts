// Pictures in server-rendered pages (issue 12, fast on phones): the page's largest picture is
// preloaded from the head with its responsive copies and high priority; content pictures carry
// srcset, sizes, width and height, and load lazily below the fold.
import request from '../test/request'
import { inject } from 'vitest'
import { createApp } from '../app'
import { createLogger } from '../lib/logger'
import { createCourse, createTeacher } from '../test/factories'

const logger = createLogger('error', { write: () => undefined })
const app = createApp({ clientDist: inject('clientDist'), logger })

async function page(url: string) {
  const res = await request(app).get(url).set('Host', 'portal.test')
  expect(res.status).toBe(200)
  const html = res.text
  return { head: html.slice(0, html.indexOf('</head>')), body: html.slice(html.indexOf('<div id="root">')) }
}

const imgTag = (html: string, alt: string) => new RegExp(`<img[^>]*alt="${alt}"[^>]*>`).exec(html)?.[0] ?? ''

describe('pictures in server-rendered pages', () => {
  test("a teacher's photo is preloaded with its WebP copies and drawn with srcset, size and high priority", async () => {
    const teacher = await createTeacher({ photo: '/uploads/seed/teacher/t-001.png' })

    const { head, body } = await page(`/teacher/detail/${teacher.id}`)

    const copies = [480, 960, 1440].map((width) => `/uploads/seed/teacher/t-001.png.w${width}.webp ${width}w`).join(', ')
    expect(head).toContain(
      `<link rel="preload" as="image" href="/uploads/seed/teacher/t-001.png" imagesrcset="${copies}" imagesizes="(max-width: 768px) 60vw, 300px" fetchpriority="high">`,
    )
    const photo = imgTag(body, `${teacher.name}照片`)
    expect(photo).toContain(`srcSet="${copies}"`)
    expect(photo).toMatch(/width="300" height="400"/)
    expect(photo).toContain('fetchPriority="high"')
    expect(photo).toContain('loading="eager"')
  })

  test('cards below the fold load lazily with srcset and size; no preload without a priority picture', async () => {
    const teacher = await createTeacher({ photo: '' })
    const course = await createCourse({ teacherId: teacher.id, cover: '/uploads/seed/course/c-001.png' })

    const { head, body } = await page(`/teacher/detail/${teacher.id}`)
    const card = imgTag(body, course.title)

    expect(card).toContain('srcSet="/uploads/seed/course/c-001.png.w480.webp 480w')
    expect(card).toContain('loading="lazy"')
    expect(card).toContain('decoding="async"')
    expect(card).toMatch(/width="480" height="270"/)
    // This teacher has no photo: nothing to preload.
    expect(head).not.toContain('rel="preload" as="image"')
  })
})
