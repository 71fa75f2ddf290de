import { act, render, waitFor } from '@testing-library/react'
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { readScroll, saveScroll, useBackForwardToTop, useScrollMemory } from './scroll-memory'

describe('scroll position store', () => {
  beforeEach(() => sessionStorage.clear())

  test('saves and reads a position per history key', () => {
    saveScroll('a', 640.4)
    saveScroll('b', 0)
    expect(readScroll('a')).toBe(640)
    expect(readScroll('b')).toBe(0)
    expect(readScroll('missing')).toBeNull()
  })

  test('keeps only the 50 most recent entries', () => {
    for (let i = 0; i < 60; i += 1) saveScroll(`k${i}`, i)
    expect(readScroll('k0')).toBeNull()
    expect(readScroll('k9')).toBeNull()
    expect(readScroll('k10')).toBe(10)
    expect(readScroll('k59')).toBe(59)
  })

  test('ignores corrupt storage', () => {
    sessionStorage.setItem('mingshi.scroll', '{not json')
    expect(readScroll('a')).toBeNull()
    saveScroll('a', 5)
    expect(readScroll('a')).toBe(5)
  })
})

describe('useScrollMemory', () => {
  let scrollY = 0
  const scrollTo = vi.fn((_x: number, y: number) => {
    scrollY = y
  })

  beforeEach(() => {
    sessionStorage.clear()
    window.history.replaceState(null, '', '/')
    scrollY = 0
    scrollTo.mockClear()
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY })
    Object.defineProperty(window, 'scrollTo', { configurable: true, value: scrollTo })
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 })
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  function List() {
    useScrollMemory(true)
    return <p>list</p>
  }

  const scrollPageTo = async (y: number) => {
    scrollY = y
    window.dispatchEvent(new Event('scroll'))
    await new Promise((resolve) => requestAnimationFrame(resolve))
  }

  test('restores the position when the list is revisited with Back, not on a new visit', async () => {
    const router = createBrowserRouter([
      { path: '/list', element: <List /> },
      { path: '/detail', element: <p>detail</p> },
    ])
    await act(() => router.navigate('/list?page=2'))
    render(<RouterProvider router={router} />)
    const listKey = `${router.state.location.key}:/list?page=2`
    await scrollPageTo(1200)
    expect(readScroll(listKey)).toBe(1200)

    await act(() => router.navigate('/detail'))
    // The layout scrolls the new page to the top; that must not overwrite the list's position.
    await scrollPageTo(0)
    expect(readScroll(listKey)).toBe(1200)

    await act(() => router.navigate(-1))
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 1200))
    expect(window.location.search).toBe('?page=2')

    // A fresh visit to the same URL is a new entry and starts at the top.
    scrollTo.mockClear()
    await act(() => router.navigate('/list?page=2'))
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(scrollTo).not.toHaveBeenCalled()
    router.dispose()
  })

  test('leaves the entry the document was loaded on to the layout (reload starts at the top)', async () => {
    saveScroll('default:/list', 700)
    window.history.replaceState(null, '', '/list')
    const router = createBrowserRouter([{ path: '/list', element: <List /> }])
    render(<RouterProvider router={router} />)
    expect(router.state.historyAction).toBe('POP')
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(scrollTo).not.toHaveBeenCalled()
    router.dispose()
  })

  function Shell() {
    useBackForwardToTop()
    return <Outlet />
  }
  const shellRouter = () =>
    createBrowserRouter([
      {
        element: <Shell />,
        children: [
          { path: '/list', element: <List /> },
          { path: '/detail/:id', element: <p>detail</p> },
          { path: '/about', element: <p>about</p> },
        ],
      },
    ])

  test('Back/Forward onto a detail page shows it at the top, and a list still gets its position back', async () => {
    const router = shellRouter()
    await act(() => router.navigate('/list'))
    render(<RouterProvider router={router} />)
    await scrollPageTo(1500)
    await act(() => router.navigate('/detail/1'))
    await scrollPageTo(0)
    await scrollPageTo(800) // read half the detail page

    await act(() => router.navigate(-1))
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 1500))
    expect(scrollTo.mock.calls[0]).toEqual([0, 0])

    scrollTo.mockClear()
    await act(() => router.navigate(1))
    expect(router.state.location.pathname).toBe('/detail/1')
    expect(scrollTo.mock.calls).toEqual([[0, 0]])
    router.dispose()
  })

  test('Back onto a page left at the top shows it at the top, not where the page after it was', async () => {
    const router = shellRouter()
    await act(() => router.navigate('/about'))
    render(<RouterProvider router={router} />)
    await act(() => router.navigate('/list'))
    await scrollPageTo(0)
    await act(() => router.navigate('/detail/2'))
    await scrollPageTo(2400)

    scrollTo.mockClear()
    await act(() => router.navigate(-1))
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(scrollTo.mock.calls).toEqual([[0, 0]])
    expect(scrollY).toBe(0)

    // A page that keeps no position at all (about) is shown at the top too.
    await scrollPageTo(300)
    await act(() => router.navigate(-1))
    expect(router.state.location.pathname).toBe('/about')
    expect(scrollY).toBe(0)
    router.dispose()
  })

  test('a new navigation or a #hash change is not Back/Forward: nothing scrolls', async () => {
    const router = shellRouter()
    await act(() => router.navigate('/about'))
    render(<RouterProvider router={router} />)
    scrollTo.mockClear()
    await act(() => router.navigate('/about#team'))
    await act(() => router.navigate(-1))
    expect(scrollTo).not.toHaveBeenCalled()
    router.dispose()
  })

  test('stops restoring as soon as the visitor scrolls by hand', async () => {
    const router = createBrowserRouter([
      { path: '/list', element: <List /> },
      { path: '/detail', element: <p>detail</p> },
    ])
    await act(() => router.navigate('/list'))
    render(<RouterProvider router={router} />)
    await scrollPageTo(900)
    await act(() => router.navigate('/detail'))
    await scrollPageTo(0)
    await act(() => router.navigate(-1))
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 900))

    window.dispatchEvent(new Event('wheel'))
    scrollY = 300
    scrollTo.mockClear()
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(scrollTo).not.toHaveBeenCalled()
    router.dispose()
  })
})
