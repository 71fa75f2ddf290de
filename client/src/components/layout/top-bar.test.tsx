import { act, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { AppProvider, createQueryClient } from '../../app/provider'
import { saveSession } from '../../lib/session'
import { loginTarget, TopBar } from './top-bar'

const at = (path: string) => {
  const url = new URL(path, 'http://localhost')
  return { pathname: url.pathname, search: url.search, hash: url.hash }
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <TopBar /> }], { initialEntries: [path] })
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return router
}

describe('loginTarget', () => {
  test('carries the current full path, encoded', () => {
    expect(loginTarget(at('/course/3?page=2#list'))).toBe(`/login?redirect=${encodeURIComponent('/course/3?page=2#list')}`)
    expect(loginTarget(at('/search?q=%7B%22type%22%3A%22all%22%7D'))).toBe(
      `/login?redirect=${encodeURIComponent('/search?q=%7B%22type%22%3A%22all%22%7D')}`,
    )
  })

  test('does nothing on /login and is plain /login from /register', () => {
    expect(loginTarget(at('/login?redirect=%2Fteacher'))).toBeNull()
    expect(loginTarget(at('/register'))).toBe('/login')
  })
})

describe('TopBar', () => {
  test('logged out: welcome text, login with redirect, register, contribute through login', () => {
    renderAt('/teacher/2?page=3')

    expect(screen.getByText('您好，欢迎来到名师网！')).toBeTruthy()
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/teacher/2?page=3')}`,
    )
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/register')
    expect(screen.getByRole('link', { name: '我要投稿' }).getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/user?tab=7')}`)
  })

  test('the login link on /login leaves the page as it is', () => {
    const router = renderAt('/login?redirect=%2Fcourse')
    fireEvent.click(screen.getByRole('link', { name: '登录' }))

    expect(router.state.location.pathname + router.state.location.search).toBe('/login?redirect=%2Fcourse')
  })

  test('follows the session: nickname to /user, logout and contribute to tab 7', () => {
    renderAt('/')
    act(() => saveSession({ token: 't.o.k', nickname: '张老师', memberNo: 'M1' }, false))

    expect(screen.getByRole('link', { name: '张老师' }).getAttribute('href')).toBe('/user')
    expect(screen.getByRole('button', { name: '退出' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '我要投稿' }).getAttribute('href')).toBe('/user?tab=7')
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull()
  })
})
