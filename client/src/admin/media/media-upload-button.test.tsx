import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { bigVideo, stubTusServer } from '../../features/upload/testing/tus-test-server'
import { CONSOLE_TEST_TIMEOUT, callsTo, renderAdmin, signIn, stubServer, userInfo } from '../testing/admin-test-server'

vi.mock('tus-js-client', async () => (await import('../../features/upload/testing/tus-test-server')).browserTus())

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const MB = 1024 * 1024
const item = (id: number, name: string, kind = 'video') => ({
  id,
  url: `/uploads/media/${id}.mp4`,
  kind,
  name,
  size: 40 * MB,
  mime: 'video/mp4',
  createdAt: '2026-11-20T08:00:00.000Z',
  folder: '讲座',
  usedBy: [],
})
const library = { list: [item(1, '开班仪式.mp4')], total: 1, page: 1, limit: 18, folders: [{ name: '讲座', count: 1 }] }

function openLibrary(answers: Record<string, unknown> = {}) {
  signIn()
  const calls = stubServer({
    'Member/getUserInfo': userInfo('admin'),
    'Admin/mediaList': library,
    'Admin/mediaUploadComplete': item(9, '公开课.mp4'),
    ...answers,
  })
  // The library's videos go by tus; stubServer's XMLHttpRequest gives way to the tus server.
  const tus = stubTusServer()
  renderAdmin('/admin/media?folder=讲座')
  return { calls, tus }
}

const pick = (file: File) => fireEvent.change(document.querySelector('.adm-media input[type=file]')!, { target: { files: [file] } })
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('video uploads in the media library', { timeout: CONSOLE_TEST_TIMEOUT }, () => {
  test('a video goes by tus with its progress, speed and time left, then into the folder shown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-27T20:00:00Z'))
    const { calls, tus } = openLibrary()
    await screen.findByText('开班仪式.mp4')

    pick(bigVideo('公开课.mp4', 40 * MB))
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    expect(tus.tus('POST')[0].headers.authorization).toBe('Bearer test-token')
    expect(tus.uploads.get('upload000000000001')?.metadata).toEqual({ filename: '公开课.mp4', filetype: 'video/mp4', purpose: 'media' })

    const panel = await screen.findByRole('group', { name: '视频上传：公开课.mp4' })
    vi.setSystemTime(Date.now() + 1000)
    tus.patches[0].progress(4 * MB)
    vi.setSystemTime(Date.now() + 1000)
    tus.patches[0].progress(8 * MB)
    expect(within(panel).getByText('4.0MB/s · 剩余 8 秒')).toBeTruthy()
    expect(within(panel).getByText('8.0 MB / 40.0 MB')).toBeTruthy()
    expect(within(panel).getByRole('progressbar', { name: '公开课.mp4 上传进度' }).getAttribute('aria-valuenow')).toBe('20')

    for (let chunk = 0; chunk < 3; chunk++) {
      await waitFor(() => expect(tus.patches).toHaveLength(1))
      tus.accept()
      await settle()
    }
    await waitFor(() => expect(callsTo(calls, 'Admin/mediaUploadComplete')).toHaveLength(1))
    expect(callsTo(calls, 'Admin/mediaUploadComplete')[0].body).toEqual({ folder: '讲座', key: 'upload000000000001' })
    expect(await screen.findByText('已上传：公开课.mp4')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('group', { name: '视频上传：公开课.mp4' })).toBeNull())
    expect(tus.multipart).toEqual([])
  })

  test('取消上传 deletes the upload on the server, a dropped connection pauses it, and a refusal shows the server message', async () => {
    const { calls, tus } = openLibrary()
    await screen.findByText('开班仪式.mp4')

    pick(bigVideo('公开课.mp4', 40 * MB))
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    fireEvent.click(within(await screen.findByRole('group', { name: '视频上传：公开课.mp4' })).getByRole('button', { name: /取消上传/ }))
    await waitFor(() => expect(tus.tus('DELETE').map((request) => request.path)).toEqual(['/resumable-uploads/upload000000000001']))
    expect(screen.queryByRole('group', { name: '视频上传：公开课.mp4' })).toBeNull()

    // Offline, the upload pauses and the panel offers 继续上传.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    pick(bigVideo('大讲座.mp4', 40 * MB))
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    tus.patches[0].fail()
    const panel = await screen.findByRole('group', { name: '视频上传：大讲座.mp4' })
    expect(await within(panel).findByText('网络连接中断，上传已暂停')).toBeTruthy()
    onLine.mockReturnValue(true)
    fireEvent.click(within(panel).getByRole('button', { name: /继续上传/ }))
    await waitFor(() => expect(tus.patches).toHaveLength(1))
    expect(tus.tus('HEAD').map((request) => request.path)).toEqual(['/resumable-uploads/upload000000000002'])

    tus.refuse('POST', 403, '无权上传媒体文件')
    fireEvent.click(within(panel).getByRole('button', { name: /取消上传/ }))
    pick(bigVideo('第三讲.mp4', 40 * MB))
    expect(await screen.findByText('第三讲.mp4：无权上传媒体文件')).toBeTruthy()
    expect(screen.queryByRole('group', { name: '视频上传：第三讲.mp4' })).toBeNull()
    expect(callsTo(calls, 'Admin/mediaUploadComplete')).toEqual([])
  })

  test('images still go to Admin/mediaUpload, into the folder shown', async () => {
    const { tus } = openLibrary()
    await screen.findByText('开班仪式.mp4')
    pick(new File([new Uint8Array([137, 80, 78, 71])], '海报.png', { type: 'image/png' }))
    await waitFor(() => expect(tus.multipart).toHaveLength(1))
    const [request] = tus.multipart
    expect(request.url).toBe('/api/Admin/mediaUpload')
    expect((request.body as FormData).get('kind')).toBe('image')
    expect((request.body as FormData).get('folder')).toBe('讲座')
    expect(tus.tus()).toEqual([])
  })
})
