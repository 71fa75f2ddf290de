import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { CONSOLE_TEST_TIMEOUT, callsTo, refuse, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

// The console's clock is Beijing's even in a browser on UTC.
process.env.TZ = 'UTC'

afterEach(() => {
  vi.unstubAllGlobals()
})

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, limit: 20 })
const teacher = (id: number, name: string, extra: object = {}) => ({
  id,
  slug: `t-${id}`,
  name,
  category: 'economy',
  title: '教授',
  photo: '/uploads/images/t.jpg',
  intro: '',
  isRecommended: false,
  isHot: false,
  isPublished: true,
  state: 'published',
  publishAt: null,
  unpublishAt: null,
  sort: 0,
  views: 0,
  tags: [],
  createdAt: '2026-01-05T08:00:00.000Z',
  ...extra,
})
const zhang = teacher(7, '张三')

function openConsole(answers: Record<string, unknown>) {
  signIn()
  return stubServer({
    'Member/getUserInfo': userInfo('admin'),
    'Admin/teacherCategoryList': page([{ id: 1, slug: 'economy', name: '经济', sort: 0 }]),
    'Admin/tagList': page([]),
    ...answers,
  })
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const drawerTitle = (text: string) => screen.queryByText(text, { selector: '.ant-drawer-title' })

describe('staff never lose work or publish by accident', { timeout: CONSOLE_TEST_TIMEOUT * 8 }, () => {
  test('Enter in a field never saves; a changed form asks before ×, 取消 or Back discard it', async () => {
    const calls = openConsole({ 'Admin/teacherList': page([zhang]), 'Admin/teacherGet': { ...zhang, content: '' } })
    const router = renderAdmin('/admin/teacher')
    // The first page of a file loads the console's chunks: slow on a busy machine.
    await screen.findByText('张三', undefined, { timeout: 60_000 })
    void router.navigate('/admin/teacher?edit=7')
    await waitFor(() => expect(input('头衔').value).toBe('教授'))
    expect(screen.queryByRole('switch', { name: '发布' })).toBeNull()

    fireEvent.change(input('头衔'), { target: { value: '北京大学教授' } })
    fireEvent.keyDown(input('头衔'), { key: 'Enter', code: 'Enter', keyCode: 13 })
    fireEvent.submit(input('头衔').closest('form')!)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(callsTo(calls, 'Admin/teacherSave')).toEqual([])

    fireEvent.click(document.querySelector('.ant-drawer-close')!)
    expect(await screen.findByText('放弃未保存的修改？')).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: '继续编辑' }))
    expect(input('头衔').value).toBe('北京大学教授')
    expect(router.state.location.search).toBe('?edit=7')

    // Back is held too, and 继续编辑 stays on the form.
    void router.navigate(-1)
    await waitFor(() => expect([...router.state.blockers.values()].map((blocker) => blocker.state)).toEqual(['blocked']))
    fireEvent.click(await screen.findByRole('button', { name: '继续编辑' }))
    expect(router.state.location.search).toBe('?edit=7')

    fireEvent.click(screen.getByRole('button', { name: '取 消' }))
    fireEvent.click(await screen.findByRole('button', { name: '放 弃' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(callsTo(calls, 'Admin/teacherSave')).toEqual([])
  })

  test('the list shows each state, and 下线 takes a row down through Publish after a confirm', async () => {
    const later = teacher(8, '李四', { isPublished: false, state: 'scheduled', publishAt: '2026-12-01T06:00:00.000Z' })
    const calls = openConsole({
      'Admin/teacherList': page([zhang, later, teacher(9, '王五', { isPublished: false, state: 'draft' })]),
      'Admin/teacherPublish': { ...zhang, isPublished: false, state: 'offline' },
    })
    renderAdmin('/admin/teacher')
    const row = (name: string) => screen.getByText(name).closest('tr')!
    await screen.findByText('张三')
    expect(within(row('张三')).getByText('已发布')).toBeTruthy()
    // 14:00 in Beijing, though the browser runs on UTC.
    expect(within(row('李四')).getByText('已排期').textContent).toContain('12-01 14:00')
    expect(within(row('王五')).getByText('草稿')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '下线「张三」' }))
    fireEvent.click(await screen.findByRole('button', { name: '下 线' }))
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherPublish')[0]?.body).toEqual({ id: 7, isPublished: false }))
    expect(await screen.findByText('「张三」已下线')).toBeTruthy()
  })

  test('定时发布 shows the schedule in Beijing time and can cancel it', async () => {
    const later = teacher(8, '李四', { isPublished: false, state: 'scheduled', publishAt: '2026-12-01T06:00:00.000Z' })
    const calls = openConsole({
      'Admin/teacherList': page([later]),
      'Admin/teacherSchedule': { ...later, state: 'draft', publishAt: null },
    })
    renderAdmin('/admin/teacher')
    fireEvent.click(await screen.findByRole('button', { name: '更多操作「李四」' }))
    fireEvent.click(await screen.findByText('定时发布', { selector: '.ant-dropdown-menu-title-content' }))
    const publishAt = (await screen.findByLabelText('发布时间（北京时间）')) as HTMLInputElement
    expect(publishAt.value).toBe('2026-12-01 14:00')
    fireEvent.click(screen.getByRole('button', { name: '取消定时' }))
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherSchedule')[0]?.body).toEqual({ id: 8, publishAt: null, unpublishAt: null }))
    expect(await screen.findByText('已取消定时')).toBeTruthy()
  })

  test('历史版本 lists versions, compares one with the current record and restores it after a confirm', async () => {
    const calls = openConsole({
      'Admin/teacherList': page([zhang]),
      'Admin/teacherRevisions': page([
        { version: 2, staffName: '编辑小王', createdAt: '2026-11-20T02:30:00.000Z', summary: '修改了头衔', fields: ['title'] },
      ]),
      'Admin/teacherRevision': {
        version: 2,
        staffName: '编辑小王',
        createdAt: '2026-11-20T02:30:00.000Z',
        record: { name: '张三', title: '副教授' },
        current: { name: '张三', title: '教授' },
      },
      'Admin/teacherRestore': { ...zhang, title: '副教授' },
    })
    renderAdmin('/admin/teacher')
    fireEvent.click(await screen.findByRole('button', { name: '更多操作「张三」' }))
    fireEvent.click(await screen.findByText('历史版本', { selector: '.ant-dropdown-menu-title-content' }))
    expect(await screen.findByText('修改了头衔')).toBeTruthy()
    expect(screen.getByText('编辑小王')).toBeTruthy()
    expect(screen.getByText('2026-11-20 10:30')).toBeTruthy()
    expect(callsTo(calls, 'Admin/teacherRevisions')[0].body).toEqual({ id: 7, page: 1, limit: 10 })

    fireEvent.click(screen.getByRole('button', { name: '对比版本 v2' }))
    expect(await screen.findByText('版本 v2 与当前内容对比')).toBeTruthy()
    expect(await screen.findByText('副教授')).toBeTruthy()
    expect(callsTo(calls, 'Admin/teacherRevision')[0].body).toEqual({ id: 7, version: 2 })

    fireEvent.click(screen.getByRole('button', { name: '恢复版本 v2' }))
    fireEvent.click(await screen.findByRole('button', { name: '恢 复' }))
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherRestore')[0]?.body).toEqual({ id: 7, version: 2 }))
    expect(await screen.findByText('已恢复「张三」到版本 v2')).toBeTruthy()
  })

  test('批量下线 confirms with the count, takes the rows down one by one and reports a refusal', async () => {
    const rows = [zhang, teacher(8, '李四'), teacher(9, '王五')]
    const calls = openConsole({
      'Admin/teacherList': page(rows),
      'Admin/teacherPublish': (body: unknown) =>
        (body as { id: number }).id === 9 ? refuse(404, '内容不存在') : { ...zhang, state: 'offline' },
    })
    renderAdmin('/admin/teacher')
    await screen.findByText('王五')
    for (const name of ['张三', '李四', '王五']) fireEvent.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'))
    fireEvent.click(await screen.findByRole('button', { name: '批量下线' }))
    expect(await screen.findByText('确定下线选中的 3 个名师？', { selector: '.ant-modal-confirm-title' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '下 线' }))
    expect(await screen.findByText('2 个已下线，1 个失败', { selector: '.ant-modal-confirm-title' })).toBeTruthy()
    expect(screen.getByText(/「王五」：内容不存在/)).toBeTruthy()
    expect(callsTo(calls, 'Admin/teacherPublish').map((call) => call.body)).toEqual([
      { id: 7, isPublished: false },
      { id: 8, isPublished: false },
      { id: 9, isPublished: false },
    ])
  })

  test('a search that finds nothing says so and offers to clear it', async () => {
    openConsole({ 'Admin/teacherList': page([]) })
    const router = renderAdmin('/admin/teacher?keyword=%E8%B5%B5')
    expect(await screen.findByText('没有符合条件的名师')).toBeTruthy()
    expect(screen.queryByText('还没有名师')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByText('还没有名师')).toBeTruthy()
    expect(drawerTitle('新建名师')).toBeNull()
  })

  test('a live record’s edits are saved as a draft of its next version, not to the live record', async () => {
    const calls = openConsole({
      'Admin/teacherList': page([zhang]),
      'Admin/teacherGet': { ...zhang, content: '' },
      'Admin/teacherDraftSave': { ...zhang, draftAt: '2026-11-27T06:30:00.000Z' },
    })
    const router = renderAdmin('/admin/teacher?edit=7')
    await waitFor(() => expect(input('头衔').value).toBe('教授'))
    expect(screen.getByRole('button', { name: '保存并更新线上' })).toBeTruthy()
    fireEvent.change(input('头衔'), { target: { value: '北京大学教授' } })
    fireEvent.click(screen.getByRole('button', { name: '存为草稿' }))
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherDraftSave')[0]?.body).toMatchObject({ id: 7, title: '北京大学教授' }))
    expect(callsTo(calls, 'Admin/teacherSave')).toEqual([])
    expect(await screen.findByText('已存为草稿，线上内容未变')).toBeTruthy()
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  test('a waiting draft opens in the form under a notice, and 发布草稿 makes it live after a confirm', async () => {
    const withDraft = { ...zhang, content: '', draftAt: '2026-11-27T06:30:00.000Z' }
    const calls = openConsole({
      'Admin/teacherList': page([withDraft]),
      'Admin/teacherGet': withDraft,
      'Admin/teacherDraft': { record: { ...withDraft, title: '北京大学教授' }, draftAt: withDraft.draftAt, staffName: '王编辑' },
      'Admin/teacherDraftPublish': { ...zhang, title: '北京大学教授', draftAt: null },
    })
    renderAdmin('/admin/teacher')
    await screen.findByText('有草稿')
    fireEvent.click(screen.getByText('张三'))
    await waitFor(() => expect(input('头衔').value).toBe('北京大学教授'))
    // Who saved it and when, in Beijing time though the browser runs on UTC.
    expect(await screen.findByText(/由 王编辑 于 2026-11-27 14:30（北京时间）保存/)).toBeTruthy()
    expect(screen.getByRole('button', { name: '保存草稿' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '保存并更新线上' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '发布草稿' }))
    fireEvent.click(await screen.findByRole('button', { name: '发 布' }))
    await waitFor(() => expect(callsTo(calls, 'Admin/teacherDraftPublish')[0]?.body).toEqual({ id: 7 }))
    expect(await screen.findByText('草稿已发布，线上已更新')).toBeTruthy()
  })
})
