import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import { useState } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderRoutes } from '../../testing/render-routes'
import { CONSOLE_TEST_TIMEOUT, callsTo, stubServer } from '../testing/admin-test-server'
import { MediaField } from './media-field'

afterEach(() => {
  vi.unstubAllGlobals()
})

const item = (id: number, name: string, usedBy: { entity: string; id: number; label: string }[] = []) => ({
  id,
  url: `/uploads/images/${id}.png`,
  kind: 'image',
  name,
  size: 2048,
  mime: 'image/png',
  createdAt: '2026-11-20T08:00:00.000Z',
  usedBy,
})
const library = {
  list: [item(1, '张三照片.png', [{ entity: 'teacher', id: 7, label: '名师「张三」' }]), item(2, '讲座海报.png')],
  total: 2,
  page: 1,
  limit: 12,
}

function Photo() {
  const [value, setValue] = useState('')
  return (
    <App>
      <MediaField kind="image" value={value} onChange={setValue} />
      <output aria-label="字段的值">{value}</output>
    </App>
  )
}
const renderField = () => renderRoutes([{ path: '/', element: <Photo /> }], '/')
const value = () => screen.getByLabelText('字段的值').textContent

describe('the media picker behind every image field', { timeout: CONSOLE_TEST_TIMEOUT }, () => {
  test('lists the library images, and the chosen one becomes the field value', async () => {
    const calls = stubServer({ 'Admin/mediaList': library })
    renderField()
    expect(screen.getByText('未选择图片')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /从媒体库选择/ }))

    const grid = await screen.findByRole('list', { name: '媒体文件' })
    await within(grid).findByText('讲座海报.png')
    expect(within(grid).getByText('被 1 项内容使用')).toBeTruthy()
    expect(callsTo(calls, 'Admin/mediaList')[0].body).toEqual({ page: 1, limit: 12, kind: 'image' })

    const use = screen.getByRole('button', { name: '使用所选图片' }) as HTMLButtonElement
    expect(use.disabled).toBe(true)
    fireEvent.click(within(grid).getByText('讲座海报.png'))
    fireEvent.click(use)
    await waitFor(() => expect(value()).toBe('/uploads/images/2.png'))
    expect(screen.getByRole('img', { name: '2.png' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /更换/ })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: /移除/ }))
    await waitFor(() => expect(value()).toBe(''))
  })

  test('a search asks the server for matching names', async () => {
    const calls = stubServer({ 'Admin/mediaList': library })
    renderField()
    fireEvent.click(screen.getByRole('button', { name: /从媒体库选择/ }))
    const search = await screen.findByRole('searchbox', { name: '搜索文件名' })
    fireEvent.change(search, { target: { value: '海报' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() =>
      expect(callsTo(calls, 'Admin/mediaList').at(-1)?.body).toEqual({ page: 1, limit: 12, kind: 'image', keyword: '海报' }),
    )
  })

  test('an upload goes to the library and is picked at once', async () => {
    const uploaded = item(3, '新照片.png')
    const calls = stubServer({ 'Admin/mediaList': library, 'Admin/mediaUpload': uploaded })
    renderField()
    fireEvent.click(screen.getByRole('button', { name: /从媒体库选择/ }))
    await screen.findByText('讲座海报.png')
    const file = new File([new Uint8Array([137, 80, 78, 71])], '新照片.png', { type: 'image/png' })
    fireEvent.change(document.querySelector('.ant-modal input[type=file]')!, { target: { files: [file] } })

    await waitFor(() => expect(callsTo(calls, 'Admin/mediaUpload')).toHaveLength(1))
    const form = callsTo(calls, 'Admin/mediaUpload')[0].body as FormData
    expect(form.get('kind')).toBe('image')
    expect((form.get('file') as File).name).toBe('新照片.png')
    await waitFor(() => expect((screen.getByRole('button', { name: '使用所选图片' }) as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(screen.getByRole('button', { name: '使用所选图片' }))
    await waitFor(() => expect(value()).toBe('/uploads/images/3.png'))
  })

  test('a file of the wrong type is refused before anything is sent', async () => {
    const calls = stubServer({ 'Admin/mediaList': library })
    renderField()
    fireEvent.click(screen.getByRole('button', { name: /从媒体库选择/ }))
    await screen.findByText('讲座海报.png')
    const file = new File(['%PDF'], '简历.pdf', { type: 'application/pdf' })
    fireEvent.change(document.querySelector('.ant-modal input[type=file]')!, { target: { files: [file] } })
    expect(await screen.findByText('简历.pdf：不支持该文件格式，请上传 jpg、png、webp、gif 格式的文件')).toBeTruthy()
    expect(callsTo(calls, 'Admin/mediaUpload')).toEqual([])
  })
})
