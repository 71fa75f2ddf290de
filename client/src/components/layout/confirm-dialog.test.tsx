import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { confirmDialog } from './confirm-dialog'

const ask = async () => {
  let answer!: Promise<boolean>
  await act(async () => {
    answer = confirmDialog({ title: '退出登录', message: '确定要退出登录吗？' })
  })
  // Wrapped: an async function returning the promise itself would wait for the answer.
  return { answer }
}

describe('confirmDialog', () => {
  test('shows the message with confirm focused and resolves true on confirm', async () => {
    const { answer } = await ask()
    const dialog = screen.getByRole('alertdialog', { name: '退出登录' })

    expect(dialog.textContent).toContain('确定要退出登录吗？')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }))
    fireEvent.click(screen.getByRole('button', { name: '确定' }))

    await expect(answer).resolves.toBe(true)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  test('resolves false on cancel and on the close button, and removes its host', async () => {
    const { answer: first } = await ask()
    fireEvent.click(screen.getByRole('button', { name: '取消' }))
    await expect(first).resolves.toBe(false)

    const { answer: second } = await ask()
    fireEvent.click(screen.getByRole('button', { name: '关闭' }))
    await expect(second).resolves.toBe(false)
    await waitFor(() => expect(document.querySelectorAll('.confirm-dialog')).toHaveLength(0))
  })

  test('Escape (the dialog cancel event) resolves false', async () => {
    const { answer } = await ask()
    fireEvent(screen.getByRole('alertdialog'), new Event('cancel', { cancelable: true }))

    await expect(answer).resolves.toBe(false)
  })

  test('answers once even when clicked twice', async () => {
    const { answer } = await ask()
    const confirm = screen.getByRole('button', { name: '确定' })
    fireEvent.click(confirm)
    fireEvent.click(confirm)

    await expect(answer).resolves.toBe(true)
  })
})
