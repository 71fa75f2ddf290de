// A worker: claims due jobs of the kinds it has handlers for and runs them, `concurrency` at a time,
// off the request path (a transcode is ffmpeg in a child process; the handler only waits on it).
// `npm start` runs one beside the web server; `npm run start:worker` runs more on other machines.
import { logger } from '../lib/logger'
import {
  claimJob,
  completeJob,
  failAbandonedJobs,
  failJob,
  heartbeat,
  JobRefusal,
  releaseJob,
  superviseJobs,
  workerName,
  type JobRow,
} from './jobs'

export type JobContext = {
  jobId: number
  attempt: number
  /** No retry follows a failure of this attempt: the handler records a final state. */
  isLastAttempt: boolean
  /** Records how far the job is (0-100); written with the next lease renewal, not on every call. */
  progress: (percent: number) => void
  /** Aborted when the worker stops or the job is no longer this worker's. */
  signal: AbortSignal
  /** The worker runs in a process that also serves pages (`npm start`), whose requests should keep a core. */
  besideServing?: boolean
}
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>

export type JobWorkerOptions = {
  handlers: Record<string, JobHandler>
  concurrency?: number
  pollMs?: number
  /** How often a running job renews its lease and writes its percent. */
  heartbeatMs?: number
  /** This process also serves pages (told to each job, see JobContext). */
  besideServing?: boolean
}

const ABANDONED_REASON = '处理多次中断（进程退出或超时），已停止重试，请在后台重新执行'

export function startJobWorker({
  handlers,
  concurrency = 1,
  pollMs = 2_000,
  heartbeatMs = 10_000,
  besideServing = false,
}: JobWorkerOptions) {
  const worker = workerName()
  const kinds = Object.keys(handlers)
  const running = new Set<Promise<void>>()
  const stopping = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let polling: Promise<void> | undefined
  const supervision = superviseJobs().catch((error: unknown) => {
    logger.error({ err: error }, 'job queue supervision failed to start')
    return () => Promise.resolve()
  })

  async function run(job: JobRow) {
    const lost = new AbortController()
    const signal = AbortSignal.any([lost.signal, stopping.signal])
    let percent: number | undefined
    const beat = setInterval(() => {
      void heartbeat(job.id, worker, percent).then(
        (isOurs) => isOurs || lost.abort(),
        () => undefined,
      )
    }, heartbeatMs)
    beat.unref()
    try {
      await handlers[job.kind](JSON.parse(job.payload) as unknown, {
        jobId: job.id,
        attempt: job.attempts,
        isLastAttempt: job.attempts >= job.maxAttempts,
        progress: (value) => (percent = value),
        signal,
        besideServing,
      })
      await completeJob(job, worker)
      logger.info({ jobId: job.id, kind: job.kind }, 'job done')
    } catch (error) {
      // Stopping: handed back, so the next start (or another worker) runs it again from the beginning.
      if (stopping.signal.aborted) return releaseJob(job, worker)
      const reason = error instanceof Error ? error.message : String(error)
      const state = await failJob(job, worker, reason, error instanceof JobRefusal)
      logger.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, state, reason }, 'job failed')
    } finally {
      clearInterval(beat)
    }
  }

  async function poll() {
    await failAbandonedJobs(ABANDONED_REASON)
    while (running.size < concurrency && !stopping.signal.aborted) {
      const job = await claimJob(kinds, worker)
      if (!job) break
      const task = run(job).finally(() => running.delete(task))
      running.add(task)
      // A finished job frees its slot for the next at once rather than at the next poll.
      void task.then(schedule.bind(null, 0))
    }
  }

  function schedule(delayMs = pollMs) {
    if (stopping.signal.aborted) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      polling ??= poll()
        .catch((error: unknown) => logger.error({ err: error }, 'job poll failed'))
        .finally(() => {
          polling = undefined
          schedule()
        })
    }, delayMs)
    timer.unref()
  }
  schedule(0)

  return {
    name: worker,
    /** Stops claiming, aborts what runs (its lease expires and another worker resumes it), and waits. */
    async stop() {
      stopping.abort()
      clearTimeout(timer)
      await polling
      await Promise.allSettled([...running])
      await (
        await supervision
      )()
    },
  }
}
