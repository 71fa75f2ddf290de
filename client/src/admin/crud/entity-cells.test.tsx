import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { CONSOLE_TEST_TIMEOUT, callsTo, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

afterEach(() => {
  vi.unstubAllGlobals()
})

type Row = Record<string, unknown>
const page = (list: Row[]) => ({ list, total: list.length, page: 1, limit: 20 })
const course = (id: number, teacher: string | null) => ({
  id,
  slug: `c-${id}`,
  title: `课程${id}`,
  category: 'leadership',
  teacher,
  cover: '',
  intro: '',
  video: '',
  isHot: false,
  isSelected: false,
  isFeatured: false,
  isPublished: true,
  sort: 0,
  views: 0,
  tags: [],
  createdAt: '2026-01-05T08:00:00.000Z',
})
// Teachers past the first hundred: a lookup of the first page would not know them.
const teachers: Row[] = [
  { id: 20, slug: 't-020', name: '王二十' },
  { id: 150, slug: 't-150', name: '李一五零' },
]
const byKeys = (rows: Row[], key: string) => (body: unknown) => {
  const keys = (body as { keys?: unknown[] }).keys
  return page(keys ? rows.filter((row) => keys.includes(row[key])) : [])
}

describe('a reference column of a console list', { timeout: CONSOLE_TEST_TIMEOUT }, () => {
  test("shows the referenced records' names, read with one call per referenced type for the page", async () => {
    signIn()
    const calls = stubServer({
      'Member/getUserInfo': userInfo('admin'),
      'Admin/courseList': page([course(1, 't-020'), course(2, 't-150'), course(3, 't-020'), course(4, null)]),
      'Admin/teacherList': byKeys(teachers, 'slug'),
      'Admin/courseCategoryList': byKeys([{ id: 1, slug: 'leadership', name: '领导力' }], 'slug'),
      'Admin/tagList': page([]),
    })
    renderAdmin('/admin/course')

    const row = (title: string) => screen.getByText(title).closest('tr')!
    await screen.findByText('课程1')
    await waitFor(() => expect(within(row('课程1')).getByText('王二十')).toBeTruthy())
    expect(within(row('课程2')).getByText('李一五零')).toBeTruthy()
    expect(within(row('课程3')).getByText('王二十')).toBeTruthy()
    expect(within(row('课程1')).getByText('领导力')).toBeTruthy()
    expect(within(row('课程1')).queryByText('t-020')).toBeNull()

    const lookups = callsTo(calls, 'Admin/teacherList').filter((call) => (call.body as { keys?: unknown }).keys)
    expect(lookups.map((call) => call.body)).toEqual([{ page: 1, limit: 100, keys: ['t-020', 't-150'] }])
  })

  test('a key the lookup does not know stays as it is', async () => {
    signIn()
    stubServer({
      'Member/getUserInfo': userInfo('admin'),
      'Admin/courseList': page([course(5, 't-gone')]),
      'Admin/teacherList': byKeys(teachers, 'slug'),
      'Admin/courseCategoryList': page([]),
      'Admin/tagList': page([]),
    })
    renderAdmin('/admin/course')
    expect(await screen.findByText('t-gone')).toBeTruthy()
  })
})
