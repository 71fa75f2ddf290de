import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderRoutes } from '../../testing/render-routes'
import { ListKeywordSearch } from './list-keyword-search'

const box = () => screen.getByRole('searchbox', { name: '搜索标题' }) as HTMLInputElement
const searchFor = (text: string) => {
  fireEvent.change(box(), { target: { value: text } })
  fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 })
}
const openAt = (url: string) =>
  renderRoutes([{ path: '*', element: <ListKeywordSearch label="搜索标题" placeholder="搜索标题" width={220} /> }], url)

describe('ListKeywordSearch: the keyword box of the console lists', () => {
  test('shows the address’s keyword, and a search sets the trimmed keyword and goes back to the first page', async () => {
    const router = openAt('/admin/list?status=pending&keyword=%E6%97%A7&page=3')
    expect(box().value).toBe('旧')

    searchFor('  经济 ')

    await waitFor(() => expect(router.state.location.search).toBe('?status=pending&keyword=%E7%BB%8F%E6%B5%8E'))
    expect(box().value).toBe('经济')
  })

  test('a blank search drops the keyword and the page, and leaves the other filters', async () => {
    const router = openAt('/admin/list?keyword=%E6%97%A7&page=2&status=pending')

    searchFor('   ')

    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'))
    expect(box().value).toBe('')
  })
})
