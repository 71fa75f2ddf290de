import { act, fireEvent, render, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { THROTTLE_MS } from '../config/limits'
import { useThrottledAction } from './use-throttled-action'

let now = 1000
afterEach(() => vi.restoreAllMocks())
const clock = () => vi.spyOn(performance, 'now').mockImplementation(() => now)

describe('useThrottledAction', () => {
  test('the default window is the specification’s 3000 ms', () => {
    expect(THROTTLE_MS).toBe(3000)
  })

  test('runs the first call, drops the same call within the window and runs it again after', () => {
    clock()
    const action = vi.fn()
    const { result } = renderHook(() => useThrottledAction())

    expect(result.current('search:a', action)).toBe(true)
    now += 10
    expect(result.current('search:a', action)).toBe(false)
    now += THROTTLE_MS - 20
    expect(result.current('search:a', action)).toBe(false)
    expect(action).toHaveBeenCalledTimes(1)

    now += 10
    expect(result.current('search:a', action)).toBe(true)
    expect(action).toHaveBeenCalledTimes(2)
  })

  test('a different key (a corrected form, another search) runs at once', () => {
    clock()
    const action = vi.fn()
    const { result } = renderHook(() => useThrottledAction())
    result.current('{"phone":"1"}', action)
    now += 5
    result.current('{"phone":"2"}', action)
    expect(action).toHaveBeenCalledTimes(2)
  })

  test('keeps its memory across renders of the button', () => {
    const onSend = vi.fn()
    function Button() {
      const throttle = useThrottledAction()
      return (
        <button type="button" onClick={() => throttle('send', onSend)}>
          发送
        </button>
      )
    }
    const { rerender } = render(<Button />)
    act(() => {
      fireEvent.click(screen.getByRole('button'))
      fireEvent.click(screen.getByRole('button'))
    })
    rerender(<Button />)
    fireEvent.click(screen.getByRole('button'))
    expect(onSend).toHaveBeenCalledTimes(1)
  })
})
