import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { CONSOLE_TEST_TIMEOUT, callsTo, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

afterEach(() => {
  vi.unstubAllGlobals()
})

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, limit: 20 })
const course = {
  id: 3,
  slug: 'c-003',
  title: '宏观经济形势',
  category: 'economy',
  teacher: 't-001',
  cover: '',
  intro: '课程简介',
  content: '<p>正文</p>',
  video: '',
  isHot: false,
  isSelected: false,
  isFeatured: false,
  isPublished: true,
  sort: 0,
  views: 0,
  tags: [],
  createdAt: '2026-01-05T08:00:00.000Z',
  seoTitle: '',
  seoDescription: '',
}

function openCourse(record: typeof course) {
  signIn()
  return stubServer({
    'Member/getUserInfo': userInfo('admin'),
    'Admin/courseCategoryList': page([{ id: 1, slug: 'economy', name: '经济', sort: 0 }]),
    'Admin/teacherList': page([]),
    'Admin/tagList': page([]),
    'Admin/courseList': page([record]),
    'Admin/courseGet': record,
    'Admin/courseSave': (body: unknown) => body,
  })
}

// Role queries walk the whole drawer's accessibility tree, too slow for a form this long under jsdom.
// The first form of a run waits for the drawer's modules to load.
const seoHeader = async () =>
  (await screen.findByText('SEO', { selector: '.ant-collapse-title' }, { timeout: 20_000 })).closest('.ant-collapse-header')!

// The SEO fields are declared once for the content types that have them (common/content-types/):
// the form shows them in a folded SEO group, which opens by itself when it holds a value.
describe('a form with a folded field group (SEO)', { timeout: CONSOLE_TEST_TIMEOUT }, () => {
  test('starts folded when empty, opens on a click, and its values are sent with the record', async () => {
    const calls = openCourse(course)
    renderAdmin('/admin/course?edit=3')
    const header = await seoHeader()
    expect(header.getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(header)
    await waitFor(() => expect(header.getAttribute('aria-expanded')).toBe('true'))
    fireEvent.change(screen.getByLabelText('SEO 标题'), { target: { value: '宏观经济形势解读 - 名师课程' } })
    fireEvent.click(screen.getByText('保 存').closest('button')!)

    await waitFor(() => expect(callsTo(calls, 'Admin/courseSave')).toHaveLength(1))
    expect(callsTo(calls, 'Admin/courseSave')[0].body).toEqual({ ...course, seoTitle: '宏观经济形势解读 - 名师课程' })
  })

  test('starts open when a field of the group holds a value', async () => {
    openCourse({ ...course, seoDescription: '一门讲透宏观经济的课' })
    renderAdmin('/admin/course?edit=3')
    const header = await seoHeader()
    await waitFor(() => expect((screen.getByLabelText('SEO 描述') as HTMLTextAreaElement).value).toBe('一门讲透宏观经济的课'))
    expect(header.getAttribute('aria-expanded')).toBe('true')
  })

  test('previews the search result as staff type: the page title and description the public page will use', async () => {
    openCourse(course)
    renderAdmin('/admin/course?edit=3')
    fireEvent.click(await seoHeader())
    const preview = await screen.findByLabelText('搜索结果预览')
    const line = (name: string) => preview.querySelector(`.adm-serp-${name}`)?.textContent

    // Empty SEO fields: the record's title with the site's name, and its intro.
    await waitFor(() => expect(line('title')).toBe('宏观经济形势 — 名师网'))
    expect(line('description')).toBe('课程简介')

    fireEvent.change(screen.getByLabelText('SEO 标题'), {
      target: { value: '宏观经济形势解读：名师带你读懂中国经济的过去、现在与未来走向！' },
    })
    fireEvent.change(screen.getByLabelText('SEO 描述'), { target: { value: '一门讲透宏观经济的课' } })
    await waitFor(() => expect(line('title')).toBe('宏观经济形势解读：名师带你读懂中国经济的过去、现在与未来走向…'))
    expect(line('description')).toBe('一门讲透宏观经济的课')
    expect(line('counts')).toBe('标题 31 字，超出部分不显示 · 摘要 10 字')
  })
})
