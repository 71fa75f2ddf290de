import { describe, expect, test } from 'vitest'
import { loginPath, safeRedirect } from './redirect'

describe('safeRedirect', () => {
  test('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/user?tab=3')).toBe('/user?tab=3')
    expect(safeRedirect('/course/detail/12#comments')).toBe('/course/detail/12#comments')
    expect(safeRedirect('/search?q=%7B%22type%22%3A%22teacher%22%7D')).toBe('/search?q=%7B%22type%22%3A%22teacher%22%7D')
  })

  test('decodes a path that was encoded once more', () => {
    expect(safeRedirect('%2Fuser%3Ftab%3D4')).toBe('/user?tab=4')
  })

  test('falls back to home for anything that could leave the site', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'user',
      '%2F%2Fevil.example',
      '/\u0000/evil.example',
      ' //evil.example',
    ]) {
      expect(safeRedirect(raw), raw).toBe('/')
    }
  })

  test('leaves percent-encoded characters inside a path encoded', () => {
    expect(safeRedirect('/%0a/evil')).toBe('/%0a/evil')
  })

  test('uses the fallback when there is nothing or a loop back to the auth pages', () => {
    expect(safeRedirect(null)).toBe('/')
    expect(safeRedirect('')).toBe('/')
    expect(safeRedirect(undefined, '/user')).toBe('/user')
    expect(safeRedirect('/login?redirect=%2Fuser')).toBe('/')
    expect(safeRedirect('/register')).toBe('/')
    expect(safeRedirect('/forget/')).toBe('/')
  })
})

describe('loginPath', () => {
  test('carries the current full path URL-encoded', () => {
    expect(loginPath('/teacher/detail/3?from=home')).toBe('/login?redirect=%2Fteacher%2Fdetail%2F3%3Ffrom%3Dhome')
  })

  test('drops a redirect that is unsafe or points at the login page itself', () => {
    expect(loginPath('//evil.example')).toBe('/login')
    expect(loginPath('/login')).toBe('/login')
    expect(loginPath()).toBe('/login')
  })
})
