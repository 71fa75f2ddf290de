// Every kind of durable job and the handler that runs it: the one list a worker serves
// (server/data/job-worker.ts), as server/actions.ts is the one list of API actions.
import type { JobHandler } from './data/job-worker'
import { deliverAlertJob } from './features/alert/alert-delivery.service'
import { ALERT_DELIVER_JOB } from './features/alert/alert.service'
import { TRANSCODE_JOB, transcodeVideoJob } from './features/video/video-assets.service'
import { FANOUT_JOB, fanoutJob } from './features/notification/fanout.service'

export const jobHandlers: Record<string, JobHandler> = {
  [TRANSCODE_JOB]: transcodeVideoJob,
  [FANOUT_JOB]: fanoutJob,
  [ALERT_DELIVER_JOB]: deliverAlertJob,
}

/**
 * Jobs that take seconds (a post to a group chat): the web process also runs them on a worker of their
 * own, so a transcode holding every JOB_CONCURRENCY slot for minutes never holds a staff alert back.
 */
export const quickJobHandlers: Record<string, JobHandler> = {
  [ALERT_DELIVER_JOB]: deliverAlertJob,
}
