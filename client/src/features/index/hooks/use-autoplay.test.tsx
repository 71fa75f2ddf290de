import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useAutoplay } from './use-autoplay'

let reduceMotion = false
beforeEach(() => {
  vi.useFakeTimers()
  reduceMotion = false
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('prefers-reduced-motion') && reduceMotion,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  )
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function Slides({ onTick }: { onTick: () => void }) {
  const autoplay = useAutoplay({ interval: 3000, canPlay: true, onTick, restartKey: 0 })
  return (
    <section data-testid="carousel" {...autoplay.holdHandlers}>
      <a href="/subject/detail/1">专题</a>
      <button type="button" onClick={autoplay.toggle}>
        {autoplay.isOn ? '暂停自动播放' : '开始自动播放'}
      </button>
    </section>
  )
}

describe('useAutoplay', () => {
  test('advances every interval (the special-topic carousel: 3000 ms)', () => {
    const onTick = vi.fn()
    render(<Slides onTick={onTick} />)
    act(() => vi.advanceTimersByTime(2999))
    expect(onTick).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onTick).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(6000))
    expect(onTick).toHaveBeenCalledTimes(3)
  })

  test('holds while the pointer is over it and while focus is inside it', () => {
    const onTick = vi.fn()
    render(<Slides onTick={onTick} />)
    const carousel = screen.getByTestId('carousel')

    fireEvent.mouseEnter(carousel)
    act(() => vi.advanceTimersByTime(9000))
    expect(onTick).not.toHaveBeenCalled()
    fireEvent.mouseLeave(carousel)

    fireEvent.focus(screen.getByRole('link'))
    act(() => vi.advanceTimersByTime(9000))
    expect(onTick).not.toHaveBeenCalled()
    fireEvent.blur(screen.getByRole('link'), { relatedTarget: document.body })
    act(() => vi.advanceTimersByTime(3000))
    expect(onTick).toHaveBeenCalledTimes(1)
  })

  test('the pause button stops it and the play button starts it again', () => {
    const onTick = vi.fn()
    render(<Slides onTick={onTick} />)
    fireEvent.click(screen.getByRole('button', { name: '暂停自动播放' }))
    fireEvent.blur(screen.getByRole('button'), { relatedTarget: document.body })
    act(() => vi.advanceTimersByTime(9000))
    expect(onTick).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: '开始自动播放' }))
    fireEvent.blur(screen.getByRole('button'), { relatedTarget: document.body })
    act(() => vi.advanceTimersByTime(3000))
    expect(onTick).toHaveBeenCalledTimes(1)
  })

  test('never starts under prefers-reduced-motion; the visitor may still press play', () => {
    reduceMotion = true
    const onTick = vi.fn()
    render(<Slides onTick={onTick} />)
    act(() => vi.advanceTimersByTime(9000))
    expect(onTick).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: '开始自动播放' })).toBeTruthy()
  })
})
