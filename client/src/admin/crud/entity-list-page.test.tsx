import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { CONSOLE_TEST_TIMEOUT, callsTo, refuse, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

afterEach(() => {
  vi.unstubAllGlobals()
})

const economy = { id: 1, slug: 'economy', name: '经济', sort: 2, createdAt: '2026-01-05T08:00:00.000Z' }
const law = { id: 2, slug: 'law', name: '法律', sort: 1, createdAt: '2026-01-05T08:00:00.000Z' }
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, limit: 20 })

const zhang = {
  id: 7,
  slug: 'zhang-san',
  name: '张三',
  category: 'economy',
  title: '北京大学经济学院教授',
  photo: '/uploads/images/zhang.jpg',
  intro: '宏观经济学者',
  isRecommended: true,
  isHot: false,
  isPublished: true,
  sort: 5,
  views: 120,
  tags: ['经济', '金融'],
  createdAt: '2026-01-05T08:00:00.000Z',
}

function openConsole(answers: Record<string, unknown>) {
  signIn()
  return stubServer({
    'Member/getUserInfo': userInfo('admin'),
    'Admin/teacherCategoryList': page([economy, law]),
    'Admin/tagList': page([]),
    ...answers,
  })
}

// A sortable column's header carries its name as a label too: fields are the inputs.
const input = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } })

describe('a content entity in the console (one declaration → list and form)', { timeout: CONSOLE_TEST_TIMEOUT * 3 }, () => {
  test('lists the rows with their category by name, and a search goes to the server and the address', async () => {
    const calls = openConsole({ 'Admin/teacherList': page([zhang]) })
    const router = renderAdmin('/admin/teacher')
    const row = (await screen.findByText('张三')).closest('tr')!
    expect(within(row).getByText('北京大学经济学院教授')).toBeTruthy()
    await within(row).findByText('经济', { selector: 'td' })
    expect(callsTo(calls, 'Admin/teacherList')[0].body).toEqual({ page: 1, limit: 20 })

    fireEvent.change(screen.getByRole('searchbox', { name: '搜索名师' }), { target: { value: '张' } })
    fireEvent.keyDown(screen.getByRole('searchbox', { name: '搜索名师' }), { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherList').at(-1)?.body).toEqual({ page: 1, limit: 20, keyword: '张' }))
    expect(router.state.location.search).toBe('?keyword=%E5%BC%A0')
  })

  test('a new record is checked with the seed schema: its messages show and nothing is sent until it passes', async () => {
    const calls = openConsole({ 'Admin/teacherCategorySave': (body: unknown) => ({ id: 9, ...(body as object) }) })
    renderAdmin('/admin/teacher-category?edit=new')
    // rc-util names every element 'test-id' under test, so dialogs are found by their title text.
    await screen.findByText('新建名师分类', { selector: '.ant-drawer-title' })

    type('标识（slug）', 'Bad Slug')
    fireEvent.click(screen.getByRole('button', { name: '保 存' }))
    expect(await screen.findByText('不能为空')).toBeTruthy()
    expect(await screen.findByText('slug 只能包含小写字母、数字和连字符，最长 80 个字符')).toBeTruthy()
    expect(callsTo(calls, 'Admin/teacherCategorySave')).toEqual([])

    type('名称', '  教育  ')
    type('标识（slug）', 'education')
    fireEvent.click(screen.getByRole('button', { name: '保 存' }))
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherCategorySave')).toHaveLength(1))
    // The seed record as `npm run seed` reads it: trimmed, defaults filled in, no id for a new row.
    expect(callsTo(calls, 'Admin/teacherCategorySave')[0].body).toEqual({ slug: 'education', name: '教育', sort: 0 })
    expect(await screen.findByText('已创建名师分类')).toBeTruthy()
  })

  test('an edit sends the whole seed record with its id, references by slug and tags by name', async () => {
    const calls = openConsole({
      'Admin/teacherList': page([zhang]),
      'Admin/teacherGet': { ...zhang, content: '<p>正文</p>' },
      'Admin/teacherSave': (body: unknown) => body,
    })
    renderAdmin('/admin/teacher?edit=7')
    await screen.findByText('编辑名师')
    await waitFor(() => expect(input('头衔').value).toBe('北京大学经济学院教授'))
    type('头衔', '清华大学经济管理学院教授')
    fireEvent.click(screen.getByRole('button', { name: '保 存' }))
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherSave')).toHaveLength(1))
    expect(callsTo(calls, 'Admin/teacherSave')[0].body).toEqual({ ...zhang, title: '清华大学经济管理学院教授', content: '<p>正文</p>' })
  })

  test("the server's refusal of a save shows on the form, which stays open", async () => {
    openConsole({
      'Admin/teacherGet': { ...zhang, content: '' },
      'Admin/teacherSave': refuse(400, '字段 category: 名师分类 "gone" 不存在'),
    })
    renderAdmin('/admin/teacher?edit=7')
    await waitFor(() => expect(input('头衔').value).toBe('北京大学经济学院教授'))
    fireEvent.click(screen.getByRole('button', { name: '保 存' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('字段 category: 名师分类 "gone" 不存在')
    expect(screen.getByText('编辑名师')).toBeTruthy()
  })

  test('a refused delete shows what still points at the record', async () => {
    const calls = openConsole({ 'Admin/teacherCategoryDelete': refuse(409, '该分类下还有 3 位名师（张三、李四、王五），请先移走或删除') })
    renderAdmin('/admin/teacher-category')
    fireEvent.click(await screen.findByRole('button', { name: '删除「经济」' }))
    fireEvent.click(await screen.findByRole('button', { name: '删 除' }))
    expect(await screen.findByText('该分类下还有 3 位名师（张三、李四、王五），请先移走或删除')).toBeTruthy()
    expect(callsTo(calls, 'Admin/teacherCategoryDelete')[0].body).toEqual({ id: 1 })
    expect(screen.getByText('经济')).toBeTruthy()
  })

  test('下线 takes a row off the public pages through Publish', async () => {
    const calls = openConsole({ 'Admin/teacherList': page([zhang]), 'Admin/teacherPublish': { ...zhang, isPublished: false } })
    renderAdmin('/admin/teacher')
    fireEvent.click(await screen.findByRole('button', { name: '下线「张三」' }))
    fireEvent.click(await screen.findByRole('button', { name: '下 线' }))
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherPublish')[0]?.body).toEqual({ id: 7, isPublished: false }))
    expect(await screen.findByText('「张三」已下线')).toBeTruthy()
  })

  test('a click on a sortable header orders the whole list on the server and greys the drag handles', async () => {
    const calls = openConsole({ 'Admin/teacherList': page([zhang]) })
    const router = renderAdmin('/admin/teacher?size=50')
    await screen.findByText('张三')
    expect(callsTo(calls, 'Admin/teacherList')[0].body).toEqual({ page: 1, limit: 50 })
    expect(screen.getByRole('button', { name: '拖动「张三」排序' }).getAttribute('aria-disabled')).not.toBe('true')

    fireEvent.click(screen.getByRole('columnheader', { name: '浏览' }))
    await waitFor(() =>
      expect(callsTo(calls, 'Admin/teacherList').at(-1)?.body).toEqual({ page: 1, limit: 50, sort: { field: 'views', order: 'desc' } }),
    )
    expect(router.state.location.search).toBe('?size=50&sort=views&order=desc')
    const handle = await screen.findByRole('button', { name: /^拖动「张三」排序（已按「浏览」排序/ })
    expect(handle.getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByText('按「浏览」降序显示；恢复默认顺序后可拖动调整前台显示顺序')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: /恢复默认顺序$/ }))
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherList').at(-1)?.body).toEqual({ page: 1, limit: 50 }))
    expect(router.state.location.search).toBe('?size=50')
  })

  test('an order the type does not offer is left out of the request', async () => {
    const calls = openConsole({ 'Admin/teacherList': page([zhang]) })
    renderAdmin('/admin/teacher?sort=slug&order=desc')
    await screen.findByText('张三')
    expect(callsTo(calls, 'Admin/teacherList')[0].body).toEqual({ page: 1, limit: 20 })
  })
})
