// Worker threads that run sanitize-html away from the event loop (server/lib/sanitize.ts sends the
// big inputs here). The workers run a few lines of source given here rather than a module file:
// the server also runs compiled into a bundle (scripts/build-server.ts) that holds no separate
// worker file, and sanitize-html, loaded from the same node_modules, is all a worker needs.
import { createRequire } from 'node:module'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type sanitizeHtml from 'sanitize-html'
import { ApiError, Code } from './api-error'

/** Option sets as plain data (they cross to the worker); `linkAttributes` are forced onto every <a> of `rich`. */
export type PoolOptions = { rich: sanitizeHtml.IOptions; plain: sanitizeHtml.IOptions; linkAttributes: Record<string, string> }
export type SanitizeOp = 'rich' | 'plain'

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const sanitizeHtml = require(workerData.modulePath)
const options = {
  rich: { ...workerData.options.rich, transformTags: { a: sanitizeHtml.simpleTransform('a', workerData.options.linkAttributes) } },
  plain: workerData.options.plain,
}
parentPort.on('message', ({ op, html }) => {
  try {
    parentPort.postMessage({ html: sanitizeHtml(html, options[op]) })
  } catch (error) {
    parentPort.postMessage({ error: String(error) })
  }
})
`

// One core stays for the event loop.
const MAX_WORKERS = Math.max(1, os.availableParallelism() - 1)
// Past this backlog callers are told to retry instead of waiting behind minutes of work.
const MAX_QUEUE = 32
// An idle worker is ended after this; the next big input starts one again (about 50 ms).
const IDLE_MS = 30_000

type Task = { op: SanitizeOp; html: string; resolve: (html: string) => void; reject: (error: unknown) => void }
type Slot = { worker: Worker; task?: Task; idleTimer?: NodeJS.Timeout }

export function createSanitizePool(options: PoolOptions) {
  const modulePath = createRequire(import.meta.url).resolve('sanitize-html')
  const slots = new Set<Slot>()
  const queue: Task[] = []

  function finish(slot: Slot, settle: (task: Task) => void) {
    const task = slot.task
    slot.task = undefined
    // Idle workers never keep the process alive; a busy one does, so a script waits for its answer.
    slot.worker.unref()
    if (task) settle(task)
    next(slot)
  }

  function start(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath, options } })
    const slot: Slot = { worker }
    worker.on('message', (answer: { html?: string; error?: string }) =>
      finish(slot, (task) => (answer.error === undefined ? task.resolve(answer.html ?? '') : task.reject(new Error(answer.error)))),
    )
    const gone = (error: unknown) => {
      if (!slots.delete(slot)) return
      slot.task?.reject(error)
      if (queue.length) next(start())
    }
    worker.on('error', gone)
    worker.on('exit', () => gone(new Error('sanitize worker exited')))
    worker.unref()
    slots.add(slot)
    return slot
  }

  function next(slot: Slot) {
    const task = queue.shift()
    if (!task) {
      slot.idleTimer = setTimeout(() => {
        slots.delete(slot)
        void slot.worker.terminate()
      }, IDLE_MS).unref()
      return
    }
    clearTimeout(slot.idleTimer)
    slot.task = task
    slot.worker.ref()
    slot.worker.postMessage({ op: task.op, html: task.html })
  }

  return {
    run(op: SanitizeOp, html: string): Promise<string> {
      if (queue.length >= MAX_QUEUE) return Promise.reject(new ApiError(Code.UNAVAILABLE, '系统繁忙，请稍后再试'))
      return new Promise<string>((resolve, reject) => {
        queue.push({ op, html, resolve, reject })
        const idle = [...slots].find((slot) => !slot.task)
        if (idle) next(idle)
        else if (slots.size < MAX_WORKERS) next(start())
      })
    },
  }
}
