import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderRoutes } from '../../../testing/render-routes'
import { CourseCard } from './course-card'

const course = { id: 3, title: '数字经济十讲', cover_img: '', teacherName: '王立新', views: 52 }

describe('CourseCard', () => {
  test('shows the comment count beside the views, read out as N 条评论', async () => {
    renderRoutes([{ path: '/', element: <CourseCard course={{ ...course, commentCount: 12 }} /> }], '/')

    const count = await screen.findByText('12 条评论')
    expect(count.className).toBe('visually-hidden')
    expect(count.closest('.comment-count')!.getAttribute('title')).toBe('12 条评论')
    expect(screen.getByText('52 次学习')).toBeTruthy()
  })

  test('shows no count for an item without comments', async () => {
    renderRoutes([{ path: '/', element: <CourseCard course={{ ...course, commentCount: 0 }} /> }], '/')

    expect(await screen.findByText('52 次学习')).toBeTruthy()
    expect(screen.queryByText(/条评论/)).toBeNull()
    expect(document.querySelector('.comment-count')).toBeNull()
  })
})
