import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'
import { Tabs } from './tabs'

const TABS = [
  { key: 'host', label: '热门课程' },
  { key: 'boutique', label: '精品课程' },
  { key: 'video', label: '名师视频' },
] as const
type Key = (typeof TABS)[number]['key']

/** The home page's tabs as a page uses them: the selection is the page's state. */
function CourseTabs() {
  const [active, setActive] = useState<Key>('host')
  return (
    <Tabs label="名师课程" tabs={[...TABS]} active={active} onChange={setActive}>
      <p>{TABS.find((tab) => tab.key === active)?.label}列表</p>
    </Tabs>
  )
}

const selected = () => screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-selected'))

describe('home tabs (WAI-ARIA tabs pattern)', () => {
  test('a tablist of tabs controlling one labelled tabpanel; only the selected tab is in the tab order', () => {
    render(<CourseTabs />)

    expect(screen.getByRole('tablist', { name: '名师课程' })).toBeTruthy()
    expect(selected()).toEqual(['true', 'false', 'false'])
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
    const panel = screen.getByRole('tabpanel', { name: '热门课程' })
    expect(screen.getAllByRole('tab').every((tab) => tab.getAttribute('aria-controls') === panel.id)).toBe(true)
    expect(panel.textContent).toBe('热门课程列表')
  })

  test('arrow keys select and focus the next or previous tab, wrapping; Home and End jump to the ends', () => {
    render(<CourseTabs />)
    const tab = (name: string) => screen.getByRole('tab', { name })

    tab('热门课程').focus()
    fireEvent.keyDown(tab('热门课程'), { key: 'ArrowRight' })
    expect(selected()).toEqual(['false', 'true', 'false'])
    expect(document.activeElement).toBe(tab('精品课程'))
    expect(screen.getByRole('tabpanel', { name: '精品课程' }).textContent).toBe('精品课程列表')

    fireEvent.keyDown(tab('精品课程'), { key: 'ArrowLeft' })
    fireEvent.keyDown(tab('热门课程'), { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(tab('名师视频'))
    expect(selected()).toEqual(['false', 'false', 'true'])

    fireEvent.keyDown(tab('名师视频'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('热门课程'))

    fireEvent.keyDown(tab('热门课程'), { key: 'End' })
    expect(document.activeElement).toBe(tab('名师视频'))
    fireEvent.keyDown(tab('名师视频'), { key: 'Home' })
    expect(document.activeElement).toBe(tab('热门课程'))
    expect(screen.getAllByRole('tab').map((node) => node.tabIndex)).toEqual([0, -1, -1])
  })

  test('other keys leave the selection alone', () => {
    render(<CourseTabs />)
    fireEvent.keyDown(screen.getByRole('tab', { name: '热门课程' }), { key: 'ArrowDown' })
    fireEvent.keyDown(screen.getByRole('tab', { name: '热门课程' }), { key: 'a' })
    expect(selected()).toEqual(['true', 'false', 'false'])
  })
})
