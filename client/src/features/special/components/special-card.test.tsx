import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderRoutes } from '../../../testing/render-routes'
import { SpecialCard } from './special-card'

describe('SpecialCard', () => {
  test('puts the comment count on the cover when there are comments', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <SpecialCard special={{ id: 1, title: '有评论的专题', commentCount: 3 }} />
              <SpecialCard special={{ id: 2, title: '没有评论的专题', commentCount: 0 }} />
            </>
          ),
        },
      ],
      '/',
    )

    const busy = (await screen.findByText('有评论的专题')).closest('a')!
    expect(busy.querySelector('.special-card__comments')!.textContent).toContain('3 条评论')
    expect(screen.getByText('没有评论的专题').closest('a')!.querySelector('.comment-count')).toBeNull()
  })
})
