import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { renderRoutes } from '../../../testing/render-routes'
import { ContributeForm } from '../../contribution/components/contribute-form'

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

/** Uploads go through XMLHttpRequest (fetch cannot report upload progress); each one waits for the test to answer. */
class FakeXhr {
  static sent: FakeXhr[] = []
  url = ''
  body: FormData | null = null
  aborted = false
  responseText = ''
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  open(_method: string, url: string) {
    this.url = url
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body
    FakeXhr.sent.push(this)
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  progress(ratio: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: ratio * 100, total: 100 }))
  }
  respond(body: unknown) {
    this.responseText = JSON.stringify(body)
    act(() => this.onload?.())
  }
}

const mp4 = (name = '公开课.mp4', size = 2 * MB) => {
  const file = new File([new Uint8Array(16)], name, { type: 'video/mp4' })
  Object.defineProperty(file, 'size', { value: size })
  return file
}
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

beforeEach(() => {
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  // jsdom has no object URLs or scrolling.
  URL.createObjectURL = vi.fn(() => 'blob:local-preview')
  URL.revokeObjectURL = vi.fn()
  Element.prototype.scrollIntoView = vi.fn()
})

afterEach(() => {
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
    expect(FakeXhr.sent).toEqual([])
  })

  test('refuses a file that is not mp4, an oversized or empty video and a non-image cover before uploading', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm()

    pickVideo(new File(['x'], '讲座.mov', { type: 'video/quicktime' }))
    expect(await screen.findByText('不支持该文件格式，请上传 mp4 格式的文件')).toBeTruthy()
    // A name saying mp4 is not enough when the browser knows the file is something else.
    pickVideo(new File(['x'], '讲座.mp4', { type: 'video/webm' }))
    expect(screen.getByText('不支持该文件格式，请上传 mp4 格式的文件')).toBeTruthy()
    pickVideo(mp4('大文件.mp4', 500 * MB + 1))
    expect(await screen.findByText('视频不能超过 500MB')).toBeTruthy()
    pickVideo(mp4('空.mp4', 0))
    expect(await screen.findByText('文件内容为空')).toBeTruthy()
    pickCover(new File(['%PDF'], '封面.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText('不支持该文件格式，请上传 jpg、png、webp、gif 格式的文件')).toBeTruthy()
    const bigCover = png('大封面.png')
    Object.defineProperty(bigCover, 'size', { value: 5 * MB + 1 })
    pickCover(bigCover)
    expect(await screen.findByText('图片不能超过 5MB')).toBeTruthy()

    expect(FakeXhr.sent).toEqual([])
    expect(screen.getByRole('button', { name: /选择 mp4 视频/ })).toBeTruthy()
    // Exactly 500 MB is allowed and starts uploading.
    pickVideo(mp4('刚好.mp4', 500 * MB))
    expect(FakeXhr.sent).toHaveLength(1)
    expect(screen.queryByText('视频不能超过 500MB')).toBeNull()
  })

  test('shows upload progress, and cancelling aborts the upload and empties the field', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm()

    pickVideo(mp4())
    const [xhr] = FakeXhr.sent
    expect(xhr.url).toBe('/api/Teacher/upload')
    expect(xhr.body?.get('kind')).toBe('video')
    expect((xhr.body?.get('file') as File).name).toBe('公开课.mp4')
    xhr.progress(0.4)
    expect(screen.getByRole('progressbar', { name: '公开课.mp4 上传进度' }).getAttribute('aria-valuenow')).toBe('40')
    expect(screen.getByText('上传中 40%')).toBeTruthy()

    // Submitting meanwhile waits for the upload.
    submit()
    expect(await screen.findByText('视频正在上传，请稍候再提交')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '取消上传' }))
    expect(xhr.aborted).toBe(true)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByRole('button', { name: /选择 mp4 视频/ })).toBeTruthy()
  })

  test('a refused upload shows the server message at the field and blocks the submit', async () => {
    serverAnswers({ '/api/Teacher/teacherAll': { body: ok(teacherAll) } })
    renderForm('/user?tab=7&submit=video&teacherId=1')
    await screen.findByDisplayValue('陈启明')
    fireEvent.change(screen.getByLabelText('视频标题'), { target: { value: '公开课' } })

    pickVideo(mp4())
    FakeXhr.sent[0].respond({
      code: 415,
      msg: '不支持的文件类型，仅支持图片（jpg、png、webp、gif）、文档（pdf、doc、docx）、视频（mp4）',
      data: null,
    })
    expect(await screen.findByText(/不支持的文件类型/)).toBeTruthy()

    submit()
    expect(await screen.findByText('视频上传失败，请重新选择')).toBeTruthy()
    expect(document.activeElement?.textContent).toBe('重新选择')
  })

  test('uploads the video and cover, then files them for the teacher from the link, and lands on 我的投稿 > 视频', async () => {
    const server = serverAnswers({
      '/api/Teacher/teacherAll': { body: ok(teacherAll) },
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
    FakeXhr.sent[0].progress(1)
    FakeXhr.sent[0].respond(
      ok({ id: 40, url: '/uploads/2026/11/22/a.mp4', kind: 'video', mime: 'video/mp4', size: 2 * MB, name: '公开课.mp4' }),
    )
    expect(await screen.findByText('已上传')).toBeTruthy()
    pickCover(png())
    expect(FakeXhr.sent[1].body?.get('kind')).toBe('image')
    expect(FakeXhr.sent[1].url).toBe('/api/Teacher/upload')
    expect(screen.getByRole('img', { name: '封面预览：封面.png' })).toBeTruthy()
    FakeXhr.sent[1].respond(ok({ id: 41, url: '/uploads/2026/11/22/b.png', kind: 'image', mime: 'image/png', size: 16, name: '封面.png' }))
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
    FakeXhr.sent[0].respond(ok({ id: 40, url: '/uploads/a.mp4', kind: 'video', mime: 'video/mp4', size: 2 * MB, name: '公开课.mp4' }))
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
