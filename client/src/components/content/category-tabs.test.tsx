import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { TypeTabs } from '../../features/cooperation/components/type-tabs'
import { renderRoutes } from '../../testing/render-routes'
import { CategoryTabs } from './category-tabs'

// Both navigate (the choice lives in the URL), so they are links in a labelled nav with
// aria-current on the chosen one, not ARIA tabs: Tab reaches each, Enter follows it.
describe('category filter', () => {
  const items = [
    { id: 1, name: '经济' },
    { id: 2, name: '管理' },
  ]
  const render = (activeId?: number) =>
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <CategoryTabs label="名师分类" items={items} activeId={activeId} hrefFor={(id) => (id ? `/teacher/${id}` : '/teacher')} />
          ),
        },
      ],
      '/teacher',
    )

  test('is a navigation of links, the current category marked aria-current=page', () => {
    render(2)
    const nav = screen.getByRole('navigation', { name: '名师分类' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['全部', '/teacher', null],
      ['经济', '/teacher/1', null],
      ['管理', '/teacher/2', 'page'],
    ])
    expect(within(nav).queryByRole('tab')).toBeNull()
  })

  test('with no category chosen, 全部 is the current one', () => {
    render()
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('全部')
  })
})

describe('cooperation type tabs', () => {
  test('are links to each type, the chosen one marked aria-current=page', () => {
    const types = ['专题培训', '干部讲座', '政策解读'].map((name, i) => ({ id: i + 1, name, intro: '', cover_img: '' }))
    renderRoutes(
      [{ path: '*', element: <TypeTabs types={types} activeId={3} hrefFor={(id) => `/cooperation?type=${id}`} /> }],
      '/cooperation',
    )
    const links = within(screen.getByRole('navigation', { name: '合作类型' })).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/cooperation?type=1', '/cooperation?type=2', '/cooperation?type=3'])
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('政策解读')
  })
})
