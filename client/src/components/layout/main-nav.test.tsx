import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { parseCooperationParam } from '../../lib/search-params'
import { renderRoutes } from '../../testing/render-routes'
import { MainNav } from './main-nav'

const TYPES = ['专题培训', '干部讲座', '政策解读', '战略咨询', '高端会议'].map((name, i) => ({ id: i + 1, name, intro: '', cover_img: '' }))

// The server at the network boundary: the cooperation types and the section categories.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.endsWith('/cooperationType') ? TYPES : url.endsWith('Class') ? [{ id: 7, name: '经济' }] : []
      return new Response(JSON.stringify({ code: 200, msg: '', data }))
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

async function renderNav() {
  renderRoutes([{ path: '*', element: <MainNav /> }], '/course')
  const toggle = await screen.findByRole('button', { name: '商务合作类型' })
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
  if (!menu) throw new Error('aria-controls names no element')
  return { toggle, menu }
}

const key = (element: Element, name: string) => fireEvent.keyDown(element, { key: name })

describe('商务合作 drop-down', () => {
  test('lists the five cooperation types, each opening /cooperation/detail/{encoded id and name}', async () => {
    const { menu } = await renderNav()
    const links = within(menu).getAllByRole('link', { hidden: true })
    expect(links.map((link) => link.textContent)).toEqual(TYPES.map((type) => type.name))
    const targets = links.map((link) => {
      const [, , , param] = (link.getAttribute('href') ?? '').split('/')
      return parseCooperationParam(decodeURIComponent(param))
    })
    expect(targets).toEqual(TYPES.map(({ id, name }) => ({ id, name })))
    expect(screen.getByRole('link', { name: '商务合作' }).getAttribute('href')).toBe('/cooperation')
  })

  test('Enter opens it at the first type, arrows move round, Escape closes it and returns focus', async () => {
    const { toggle, menu } = await renderNav()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')

    act(() => toggle.focus())
    key(toggle, 'Enter')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const links = within(menu).getAllByRole('link')
    expect(document.activeElement).toBe(links[0])

    key(links[0], 'ArrowDown')
    expect(document.activeElement).toBe(links[1])
    key(links[1], 'End')
    expect(document.activeElement).toBe(links[4])
    key(links[4], 'ArrowDown')
    expect(document.activeElement).toBe(links[0])
    key(links[0], 'ArrowUp')
    expect(document.activeElement).toBe(links[4])

    key(links[4], 'Escape')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  test('Space and ArrowDown open it too, ArrowUp at the last type; the link itself opens it with ArrowDown', async () => {
    const { toggle, menu } = await renderNav()
    key(toggle, ' ')
    expect(document.activeElement).toBe(within(menu).getAllByRole('link')[0])
    key(document.activeElement as Element, 'Escape')

    key(toggle, 'ArrowUp')
    expect(document.activeElement?.textContent).toBe('高端会议')
    key(document.activeElement as Element, 'Escape')

    const link = screen.getByRole('link', { name: '商务合作' })
    key(link, 'ArrowDown')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement?.textContent).toBe('专题培训')
  })

  test('Tab out of it closes it; a tap on the chevron toggles it', async () => {
    const { toggle, menu } = await renderNav()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const last = within(menu).getAllByRole('link')[4]
    fireEvent.blur(last, { relatedTarget: document.body })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(toggle)
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  test('the section drop-downs keep their categories', async () => {
    await renderNav()
    const toggle = screen.getByRole('button', { name: '课程分类' })
    fireEvent.click(toggle)
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement
    expect(within(menu).getByRole('link', { name: '经济' }).getAttribute('href')).toBe('/course/7')
  })
})
