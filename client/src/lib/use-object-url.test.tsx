import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useObjectUrlSource } from './use-object-url'

function Preview({ file, label = '预览' }: { file: File; label?: string }) {
  return <video ref={useObjectUrlSource(file)} aria-label={label} />
}

const events: string[] = []
let made = 0

beforeEach(() => {
  events.length = 0
  made = 0
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => `blob:local-${++made}`)
  URL.revokeObjectURL = vi.fn((url: string) => void events.push(`revoke ${url}`))
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(function (this: HTMLMediaElement) {
    events.push(`load src=${this.getAttribute('src') ?? 'none'}`)
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('useObjectUrlSource', () => {
  test('the element lets go of the file before its URL is revoked', () => {
    const shown = render(<Preview file={new File(['x'], 'a.mp4')} />)
    expect(shown.getByLabelText('预览').getAttribute('src')).toBe('blob:local-1')
    shown.unmount()
    expect(events).toEqual(['load src=none', 'revoke blob:local-1'])
  })

  test('renders of the same file keep its URL; another file gets its own and the old one is revoked', () => {
    const file = new File(['x'], 'a.mp4')
    const shown = render(<Preview file={file} />)
    shown.rerender(<Preview file={file} label="预览" />)
    expect(made).toBe(1)
    shown.rerender(<Preview file={new File(['y'], 'b.mp4')} />)
    expect(shown.getByLabelText('预览').getAttribute('src')).toBe('blob:local-2')
    expect(events).toEqual(['load src=none', 'revoke blob:local-1'])
  })
})
