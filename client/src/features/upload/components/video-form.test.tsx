import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { setNeedLoginHandler } from '../../../lib/api-client'
import { getToken, saveSession } from '../../../lib/session'
import { renderRoutes } from '../../../testing/render-routes'
import { ContributeForm } from '../../contribution/components/contribute-form'
import { bigVideo, stubTusServer, type TusTestServer } from '../testing/tus-test-server'

vi.mock('tus-js-client', async () => (await import('../testing/tus-test-server')).browserTus())

const MB = 1024 * 1024

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}

const ok = (data: unknown) => ({ code: 200, msg: '操作成功', data })
const teacherAll = [
  {
    id: 1,
    name: '经济',
    total: 2,
    teachers: [
      { id: 1, name: '陈启明', img: '/uploads/seed/teacher/t-001.png', title: '中国人民大学经济学院教授' },
      { id: 2, name: '王立新', img: '/uploads/seed/teacher/t-002.png', title: '北京大学经济学院教授' },
    ],
  },
  { id: 2, name: '管理', total: 1, teachers: [{ id: 22, name: '林承泽', img: '/uploads/seed/teacher/t-022.png', title: '清华大学教授' }] },
]

type Answer = { status?: number; body: unknown }

/** The server at the network boundary: JSON actions through fetch, answered per path; requests recorded. */
function serverAnswers(answers: Record<string, Answer | (() => Answer)>) {
  const fetch = vi.fn(async (url: string, _init: RequestInit) => {
    const entry = answers[url]
    if (!entry) throw new Error(`unexpected request ${url}`)
    const { status = 200, body } = typeof entry === 'function' ? entry() : entry
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return {
    fetch,
    bodiesOf: (path: string) => fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(init.body as string)),
  }
}

const mp4 = (name = '公开课.mp4', size = 2 * MB) => bigVideo(name, size)
const uploaded = (id: number, name = '公开课.mp4') => ({
  id,
  url: `/uploads/2026/11/22/${id}.mp4`,
  kind: 'video',
  mime: 'video/mp4',
  size: 2 * MB,
  name,
})
const png = (name = '封面.png') => new File([new Uint8Array(16)], name, { type: 'image/png' })

const pickVideo = (file: File) => fireEvent.change(screen.getByLabelText('选择视频文件'), { target: { files: [file] } })
const pickCover = (file: File) => fireEvent.change(screen.getByLabelText('选择封面图片文件'), { target: { files: [file] } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交视频' }))

function renderForm(url = '/user?tab=7&submit=video') {
  return renderRoutes(
    [
      { path: '/user', element: <ContributeForm onDone={() => undefined} /> },
      { path: '*', element: <Where /> },
    ],
    url,
  )
}

let tus: TusTestServer

/** Lets tus-js-client's promise chain reach its next request. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

/** Waits for the waiting PATCH and answers it: the server stores the chunk. */
async function acceptChunk() {
  await waitFor(() => expect(tus.patches).toHaveLength(1))
  tus.accept()
  await settle()
}

beforeEach(() => {
  tus = stubTusServer()
  // jsdom has no object URLs or scrolling.
  URL.createObjectURL = vi.fn(() => 'blob:local-preview')
  URL.revokeObjectURL = vi.fn()
  Element.prototype.scrollIntoView = vi.fn()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('VideoForm (我要投稿 > 视频投稿)', () => {
  test('offers 文章投稿 and 视频投稿; the article form stays the default', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm('/user?tab=7')
    const kinds = screen.getByRole('navigation', { name: '投稿类型' })
    expect(
      within(kinds)
        .getByRole('link', { name: /文章投稿/ })
        .getAttribute('aria-current'),
    ).toBe('page')
    expect(
      within(kinds)
        .getByRole('link', { name: /视频投稿/ })
        .getAttribute('href'),
    ).toBe('/user?tab=7&submit=video')
    expect(screen.getByRole('button', { name: '提交投稿' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '提交视频' })).toBeNull()

    fireEvent.click(within(kinds).getByRole('link', { name: /视频投稿/ }))
    expect(await screen.findByRole('button', { name: '提交视频' })).toBeTruthy()
  })

  test('requires a teacher, a title and a video, focuses the first missing field and sends nothing', async () => {
    const server = serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm()
    await waitFor(() => expect(screen.getByRole('combobox', { name: '讲课名师' }).getAttribute('placeholder')).toMatch(/搜索名师/))

    submit()
    expect(await screen.findByText('请选择讲课名师')).toBeTruthy()
    expect(screen.getByText('请输入视频标题')).toBeTruthy()
    expect(screen.getByText('请选择要上传的 mp4 视频')).toBeTruthy()
    expect(document.activeElement?.id).toBe('video-teacher')
    expect(screen.getByLabelText('视频标题').getAttribute('aria-invalid')).toBe('true')

    // Spaces are not a title; the cover stays optional.
    fireEvent.change(screen.getByLabelText('视频标题'), { target: { value: '   ' } })
    const picker = screen.getByRole('combobox', { name: '讲课名师' })
    fireEvent.change(picker, { target: { value: '林' } })
    fireEvent.keyDown(picker, { key: 'Enter' })
    submit()
    expect(await screen.findByText('请输入视频标题')).toBeTruthy()
    expect(screen.queryByText('请选择讲课名师')).toBeNull()
    expect(screen.queryByText(/封面/, { selector: '.field-error' })).toBeNull()
    expect(document.activeElement?.id).toBe('video-title')
    expect(server.bodiesOf('/api/Teacher/addTeacherVideo')).toEqual([])
    expect(tus.requests).toEqual([])
  })

  test('refuses a file that is not mp4, a video over 4GB, an empty video and a non-image cover before uploading', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm()
    expect(screen.getByText(/不超过 4GB；选择后立即上传/)).toBeTruthy()

    pickVideo(new File(['x'], '讲座.mov', { type: 'video/quicktime' }))
    expect(await screen.findByText('不支持该文件格式，请上传 mp4 格式的文件')).toBeTruthy()
    // A name saying mp4 is not enough when the browser knows the file is something else.
    pickVideo(new File(['x'], '讲座.mp4', { type: 'video/webm' }))
    expect(screen.getByText('不支持该文件格式，请上传 mp4 格式的文件')).toBeTruthy()
    pickVideo(mp4('大文件.mp4', 4096 * MB + 1))
    expect(await screen.findByText('视频不能超过 4GB')).toBeTruthy()
    pickVideo(mp4('空.mp4', 0))
    expect(await screen.findByText('文件内容为空')).toBeTruthy()
    pickCover(new File(['%PDF'], '封面.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText('不支持该文件格式，请上传 jpg、png、webp、gif 格式的文件')).toBeTruthy()
    const bigCover = png('大封面.png')
    Object.defineProperty(bigCover, 'size', { value: 5 * MB + 1 })
    pickCover(bigCover)
    expect(await screen.findByText('图片不能超过 5MB')).toBeTruthy()

    await settle()
    expect(tus.requests).toEqual([])
    expect(screen.getByRole('button', { name: /选择 mp4 视频/ })).toBeTruthy()
    // Exactly 4 GB is allowed and starts uploading; the server judges its own limit at creation.
    pickVideo(mp4('刚好.mp4', 4096 * MB))
    await waitFor(() => expect(tus.tus('POST')).toHaveLength(1))
    expect(tus.tus('POST')[0].headers['upload-length']).toBe(String(4096 * MB))
    expect(screen.queryByText('视频不能超过 4GB')).toBeNull()
  })

  test('sends the video by tus in chunks, showing progress with the speed and time left of the last seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const at = (seconds: number) => vi.setSystemTime(new Date(Date.UTC(2026, 10, 27, 20, 0, seconds)))
    at(0)
    saveSession({ token: 'member-token', nickname: '张三', memberNo: 'M20260001' }, false)
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm()

    pickVideo(mp4('公开课.mp4', 400 * MB))
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    const [creation] = tus.tus('POST')
    expect(creation.url).toBe('http://localhost:3000/resumable-uploads/')
    expect(creation.headers).toMatchObject({ authorization: 'Bearer member-token', 'upload-length': String(400 * MB) })
    expect(tus.uploads.get('upload000000000001')?.metadata).toEqual({
      filename: '公开课.mp4',
      filetype: 'video/mp4',
      purpose: 'teacher-video',
    })
    const [first] = tus.patches
    expect(first.url).toBe('http://localhost:3000/resumable-uploads/upload000000000001')
    expect(first.headers).toMatchObject({ authorization: 'Bearer member-token', 'upload-offset': '0' })
    expect(first.bodySize).toBe(16 * MB)

    // A fast first second, then 2MB/s: the speed is that of the last five seconds, not the average since the start.
    ;[8, 10, 12, 14].forEach((mb, i) => {
      at(i + 1)
      first.progress(mb * MB)
    })
    at(5)
    await acceptChunk()
    const second = tus.patches[0]
    expect(second.headers['upload-offset']).toBe(String(16 * MB))
    at(6)
    second.progress(2 * MB)
    at(7)
    second.progress(4 * MB)
    expect(screen.getByText('上传中 5% · 2.0MB/s · 剩余 3 分 10 秒')).toBeTruthy()
    expect(screen.getByText('20.0 MB / 400.0 MB')).toBeTruthy()
    const bar = screen.getByRole('progressbar', { name: '公开课.mp4 上传进度' })
    expect(bar.getAttribute('aria-valuenow')).toBe('5')

    // At most four updates a second.
    vi.setSystemTime(Date.now() + 100)
    second.progress(8 * MB)
    expect(bar.getAttribute('aria-valuenow')).toBe('5')
    vi.setSystemTime(Date.now() + 200)
    second.progress(8 * MB)
    expect(bar.getAttribute('aria-valuenow')).toBe('6')

    // Submitting meanwhile waits for the upload.
    submit()
    expect(await screen.findByText('视频正在上传，请稍候再提交')).toBeTruthy()
  })

  test('cancelling deletes the unfinished upload on the server and empties the field', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm()

    pickVideo(mp4('公开课.mp4', 40 * MB))
    await acceptChunk()
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    const waiting = tus.patches[0]
    fireEvent.click(screen.getByRole('button', { name: '取消上传' }))
    expect(waiting.isAborted).toBe(true)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByRole('button', { name: /选择 mp4 视频/ })).toBeTruthy()
    await waitFor(() => expect(tus.tus('DELETE').map((request) => request.path)).toEqual(['/resumable-uploads/upload000000000001']))
    expect(tus.uploads.size).toBe(0)
    // Picking the file again starts afresh.
    await waitFor(() => expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]))
  })

  test('a refused upload shows the message of the server envelope at the field and blocks the submit', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm('/user?tab=7&submit=video&teacherId=1')
    await screen.findByDisplayValue('陈启明')
    fireEvent.change(screen.getByLabelText('视频标题'), { target: { value: '公开课' } })

    tus.refuse('POST', 413, '视频不能超过 2GB')
    pickVideo(mp4())
    expect(await screen.findByText('视频不能超过 2GB')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '继续上传' })).toBeNull()

    submit()
    expect(await screen.findByText('视频上传失败，请重新选择')).toBeTruthy()
    expect(document.activeElement?.textContent).toBe('重新选择')
  })

  test("the server's own refusal to start (storage full, 503) is shown at once, not after a minute of retries", async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm()
    tus.refuse('POST', 503, '服务器存储空间不足，暂时无法上传文件，请稍后再试')
    pickVideo(mp4())
    expect(await screen.findByText('服务器存储空间不足，暂时无法上传文件，请稍后再试')).toBeTruthy()
    expect(tus.tus('POST')).toHaveLength(1)
    // It may pass later: 继续上传 asks again.
    expect(screen.getByRole('button', { name: '继续上传' })).toBeTruthy()
  })

  test('a session that ended mid-upload is forgotten and the sign-in page is asked for', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    const needLogin = vi.fn()
    setNeedLoginHandler(needLogin)
    saveSession({ token: 'member-token', nickname: '张三', memberNo: 'M20260001' }, false)
    renderForm()
    tus.refuse('PATCH', 401, '登录已过期，请重新登录')
    pickVideo(mp4())
    expect(await screen.findByText('登录已过期，请重新登录')).toBeTruthy()
    expect(getToken()).toBeNull()
    expect(needLogin).toHaveBeenCalledTimes(1)
    setNeedLoginHandler(() => undefined)
  })

  test('a first chunk that is not an mp4 is refused with the server message', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm()
    tus.refuse('PATCH', 415, '文件内容不是 mp4 视频')
    pickVideo(mp4())
    expect(await screen.findByText('文件内容不是 mp4 视频')).toBeTruthy()
    expect(tus.tus('PATCH')).toHaveLength(1)
    expect(screen.getByRole('button', { name: '重新选择' })).toBeTruthy()
  })

  test('a dropped connection is retried; once offline the upload pauses, and it continues the same upload', async () => {
    const server = serverAnswers({
      '/api/Teacher/teacherAll': { body: ok(teacherAll) },
      '/api/Teacher/uploadComplete': { body: ok(uploaded(40)) },
    })
    renderForm('/user?tab=7&submit=video&teacherId=1')
    await screen.findByDisplayValue('陈启明')
    fireEvent.change(screen.getByLabelText('视频标题'), { target: { value: '公开课' } })
    pickVideo(mp4('公开课.mp4', 40 * MB))
    await acceptChunk()

    // tus-js-client retries at once, asks the server where it stands and sends from there.
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    tus.patches[0].fail()
    await waitFor(() => expect(tus.tus('HEAD')).toHaveLength(1))
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    expect(tus.patches[0].headers['upload-offset']).toBe(String(16 * MB))
    expect(screen.queryByText('网络连接中断，上传已暂停')).toBeNull()

    // Offline there is nothing to retry: the upload pauses until the member or the browser resumes it.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    tus.patches[0].fail()
    expect(await screen.findByText('网络连接中断，上传已暂停')).toBeTruthy()
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40')
    submit()
    expect(await screen.findByText('视频上传已暂停，请点击「继续上传」')).toBeTruthy()
    expect(document.activeElement?.textContent).toBe('继续上传')

    onLine.mockReturnValue(true)
    fireEvent.click(screen.getByRole('button', { name: '继续上传' }))
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    expect(screen.getByText('已从 40% 继续上传')).toBeTruthy()
    expect(tus.patches[0].headers['upload-offset']).toBe(String(16 * MB))
    await acceptChunk()
    // The browser coming back online resumes by itself.
    onLine.mockReturnValue(false)
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    tus.patches[0].fail()
    await screen.findByText('网络连接中断，上传已暂停')
    onLine.mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    expect(tus.patches[0].headers['upload-offset']).toBe(String(32 * MB))
    await acceptChunk()

    expect(await screen.findByText('已上传')).toBeTruthy()
    expect(tus.tus('POST')).toHaveLength(1)
    expect(server.bodiesOf('/api/Teacher/uploadComplete')).toEqual([{ key: 'upload000000000001' }])
  })

  test('after a reload, picking the same file continues from what the server holds', async () => {
    const server = serverAnswers({
      '/api/Teacher/teacherAll': { body: ok(teacherAll) },
      '/api/Teacher/uploadComplete': { body: ok(uploaded(40)) },
    })
    renderForm()
    pickVideo(mp4('公开课.mp4', 86 * MB))
    await acceptChunk()
    await acceptChunk()
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    cleanup()

    renderForm()
    pickVideo(mp4('公开课.mp4', 86 * MB))
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    expect(screen.getByText('已从 37% 继续上传')).toBeTruthy()
    expect(tus.tus('HEAD').map((request) => request.path)).toEqual(['/resumable-uploads/upload000000000001'])
    expect(tus.patches[0].headers['upload-offset']).toBe(String(32 * MB))
    // 48, 64 and 80 MB, then the last 6 MB.
    for (let chunk = 0; chunk < 4; chunk++) await acceptChunk()

    expect(await screen.findByText('已上传')).toBeTruthy()
    expect(tus.tus('POST')).toHaveLength(1)
    expect(server.bodiesOf('/api/Teacher/uploadComplete')).toEqual([{ key: 'upload000000000001' }])
    // A finished upload is forgotten: the same file picked again is a new upload.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([])
  })

  test('uploads the video and cover, then files them for the teacher from the link, and lands on 我的投稿 > 视频', async () => {
    const server = serverAnswers({
      '/api/Teacher/teacherAll': { body: ok(teacherAll) },
      '/api/Teacher/uploadComplete': { body: ok(uploaded(40)) },
      '/api/Teacher/addTeacherVideo': { body: ok({ id: 9, status: 'pending', statusText: '待审核' }) },
    })
    const router = renderForm('/user?tab=7&submit=video&teacherId=22')

    // The teacher from ?teacherId is chosen once the list arrives.
    expect(await screen.findByDisplayValue('林承泽')).toBeTruthy()
    expect(screen.getByText('已选择：林承泽（清华大学教授）')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('视频标题'), { target: { value: '  基层治理公开课  ' } })
    expect(screen.getByText('7 / 100')).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/视频简介/), { target: { value: '面向基层干部的讲座' } })

    pickVideo(mp4())
    await acceptChunk()
    expect(await screen.findByText('已上传')).toBeTruthy()
    expect(server.bodiesOf('/api/Teacher/uploadComplete')).toEqual([{ key: 'upload000000000001' }])
    pickCover(png())
    const [cover] = tus.multipart
    expect((cover.body as FormData).get('kind')).toBe('image')
    expect(cover.url).toBe('/api/Teacher/upload')
    expect(screen.getByRole('img', { name: '封面预览：封面.png' })).toBeTruthy()
    cover.respond(200, ok({ id: 41, url: '/uploads/2026/11/22/b.png', kind: 'image', mime: 'image/png', size: 16, name: '封面.png' }))
    await waitFor(() => expect(screen.getAllByText('已上传')).toHaveLength(2))

    submit()
    await waitFor(() => expect(router.state.location.search).toBe('?tab=6&list=video'))
    expect(server.bodiesOf('/api/Teacher/addTeacherVideo')).toEqual([
      { teacherId: 22, title: '基层治理公开课', intro: '面向基层干部的讲座', videoUploadId: 40, coverUploadId: 41 },
    ])
    expect(await screen.findByText('视频已提交，审核通过后将在名师页面展示')).toBeTruthy()
  })

  test('puts a refusal from addTeacherVideo next to its field', async () => {
    const server = serverAnswers({
      '/api/Teacher/teacherAll': { body: ok(teacherAll) },
      '/api/Teacher/uploadComplete': { body: ok(uploaded(40)) },
      '/api/Teacher/addTeacherVideo': { status: 404, body: { code: 404, msg: '名师不存在或已下架', data: null } },
    })
    const router = renderForm('/user?tab=7&submit=video')
    const picker = await screen.findByRole('combobox', { name: '讲课名师' })
    // Search by title, move with the arrows, pick with Enter.
    fireEvent.change(picker, { target: { value: '北京大学' } })
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([expect.stringContaining('王立新')])
    fireEvent.change(picker, { target: { value: '' } })
    fireEvent.keyDown(picker, { key: 'ArrowDown' })
    fireEvent.keyDown(picker, { key: 'Enter' })
    expect((picker as HTMLInputElement).value).toBe('王立新')
    fireEvent.change(screen.getByLabelText('视频标题'), { target: { value: '公开课' } })
    pickVideo(mp4())
    await acceptChunk()
    await screen.findByText('已上传')

    submit()
    expect(await screen.findByText('名师不存在或已下架', { selector: '.field-error' })).toBeTruthy()
    expect(document.activeElement?.id).toBe('video-teacher')
    expect(server.bodiesOf('/api/Teacher/addTeacherVideo')).toEqual([{ teacherId: 2, title: '公开课', intro: '', videoUploadId: 40 }])
    expect(router.state.location.search).toBe('?tab=7&submit=video')
    // The form keeps what was entered.
    expect(screen.getByText('已上传')).toBeTruthy()
  })

  test('a link to a teacher who is not listed asks the member to choose', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm('/user?tab=7&submit=video&teacherId=999')
    expect(await screen.findByText('链接中的名师不存在或已下架，请重新选择')).toBeTruthy()
    expect((screen.getByRole('combobox', { name: '讲课名师' }) as HTMLInputElement).value).toBe('')
  })
})
