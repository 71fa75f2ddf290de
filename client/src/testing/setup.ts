import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { installChineseZodMessages } from '../../../common/validation/zod-messages'
import { dismissToast, subscribeToasts, type Toast } from '../lib/toast'

// As in app/start.tsx, so components under test read the same messages.
installChineseZodMessages()

afterEach(() => {
  cleanup()
  localStorage.clear()
  dismissAllToasts()
})

// A worker runs many files in one module graph (vitest.config.ts, client "isolate"): a toast one test
// raised must not greet the next file.
function dismissAllToasts() {
  let shown: Toast[] = []
  subscribeToasts((toasts) => (shown = toasts))()
  shown.forEach((toast) => dismissToast(toast.id))
}

// jsdom has no styles for pseudo-elements and logs "Not implemented" on every such call, which antd
// makes when it measures; the element's own style is what jsdom can answer.
const computedStyleOf = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element) => computedStyleOf(element)
