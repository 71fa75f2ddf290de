import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { installChineseZodMessages } from '../../../common/validation/zod-messages'

// As in app/start.tsx, so components under test read the same messages.
installChineseZodMessages()

afterEach(() => {
  cleanup()
  localStorage.clear()
})

// jsdom has no styles for pseudo-elements and logs "Not implemented" on every such call, which antd
// makes when it measures; the element's own style is what jsdom can answer.
const computedStyleOf = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element) => computedStyleOf(element)
