import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { installChineseZodMessages } from '../../../common/validation/zod-messages'
import { dismissToast, subscribeToasts, type Toast } from '../lib/toast'

// As in app/start.tsx, so components under test read the same messages.
installChineseZodMessages()

// findBy/waitFor give up after 1 s by default; three test workers and the browser journeys share two
// cores in `npm test`, and a render that takes 1.1 s there is slow, not wrong. A passing wait is no slower.
configure({ asyncUtilTimeout: 5000 })

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

// jsdom has no media playback and logs "Not implemented" for load(), which a <video> taken out of the
// page calls to let go of its file (lib/use-object-url.ts). Tests that follow the calls spy on it.
HTMLMediaElement.prototype.load = function load() {}
