import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderRoutes } from '../../testing/render-routes'
import { SiteHeader } from './site-header'

afterEach(() => vi.unstubAllGlobals())

describe('SiteHeader search', () => {
  test('the same search submitted twice within 3000 ms navigates once (spec §9 throttle)', async () => {
    // The header's hot tags and logo ask the server; they answer empty here.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: '', data: [] }))),
    )
    const router = renderRoutes([{ path: '*', element: <SiteHeader /> }], '/')
    const pushes: string[] = []
    router.subscribe((state) => pushes.push(state.location.search))

    fireEvent.change(screen.getByLabelText('搜索关键词'), { target: { value: '经济' } })
    fireEvent.click(screen.getByRole('button', { name: '搜索' }))
    fireEvent.click(screen.getByRole('button', { name: '搜索' }))
    await screen.findByLabelText('搜索关键词')

    expect(pushes).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/search')
    expect(decodeURIComponent(router.state.location.search)).toContain('经济')

    // Another keyword is another search and runs at once.
    fireEvent.change(screen.getByLabelText('搜索关键词'), { target: { value: '管理' } })
    fireEvent.click(screen.getByRole('button', { name: '搜索' }))
    expect(pushes).toHaveLength(2)
  })

  test('empty text does not search and says why', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: '', data: [] }))),
    )
    const router = renderRoutes([{ path: '*', element: <SiteHeader /> }], '/')
    fireEvent.click(screen.getByRole('button', { name: '搜索' }))
    expect(screen.getByRole('alert').textContent).toBe('请输入搜索关键词')
    expect(router.state.location.pathname).toBe('/')
  })
})
