// Runs pieces of deferrable work one per idle moment of the browser (at the latest after
// `timeoutMs` each), in the order asked, so several of them never add up to one long task: work
// that only schedules a render (a carousel's start) gets its render and effects to itself before
// the next piece runs, since idle callbacks come after every other task. Safari has no
// requestIdleCallback: a zero timeout still gives each piece a task of its own there.
const queue: (() => void)[] = []
let isScheduled = false

function schedule(timeoutMs: number) {
  isScheduled = true
  const runOne = () => {
    isScheduled = false
    queue.shift()?.()
    if (queue.length) schedule(timeoutMs)
  }
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(runOne, { timeout: timeoutMs })
  else window.setTimeout(runOne, 0)
}

/** Queues `work` for an idle moment of its own; answers a function that takes it out of the queue. */
export function whenIdle(work: () => void, timeoutMs = 1500): () => void {
  const job = () => work()
  queue.push(job)
  if (!isScheduled) schedule(timeoutMs)
  return () => {
    const at = queue.indexOf(job)
    if (at >= 0) queue.splice(at, 1)
  }
}
