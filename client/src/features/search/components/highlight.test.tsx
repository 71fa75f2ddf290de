import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import { Highlight } from './highlight'

test('renders matches in <mark> and escapes markup in the text', () => {
  const { container } = render(
    <p>
      <Highlight text={'<b>数字</b>经济'} keyword="数字" />
    </p>,
  )
  expect(container.querySelectorAll('mark')).toHaveLength(1)
  expect(container.querySelector('mark')?.textContent).toBe('数字')
  expect(container.querySelector('b')).toBeNull()
  expect(container.textContent).toBe('<b>数字</b>经济')
})
