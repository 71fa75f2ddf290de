// Every kind of durable job and the handler that runs it: the one list a worker serves
// (server/data/job-worker.ts), as server/actions.ts is the one list of API actions.
import type { JobHandler } from './data/job-worker'
import { TRANSCODE_JOB, transcodeVideoJob } from './features/video/video-assets.service'

export const jobHandlers: Record<string, JobHandler> = {
  [TRANSCODE_JOB]: transcodeVideoJob,
}
