// The API as the server render sees it: the client's api-client hands every call to this transport
// instead of fetch, and it runs the action in-process (dispatch.ts readAsVisitor), answering the
// same {code, msg, data} envelope an HTTP call would. Anonymous visitor only: a page rendered for
// everyone must not depend on who asked.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Logger } from '../lib/logger'
import type { Transport } from '../../common/render-contract'
import { actionPath, type Action } from '../lib/action'
import type { PreviewGrant } from '../lib/preview-grant'
import { readAsVisitor } from './dispatch'
import { ok } from './envelope'
import { describeFailure, SERVER_FAILURE } from './failure'

/** Computes a read's live fields again (a view count): what a kept page does on each visit. */
export type Revisit = () => Promise<unknown>

/** The render running in this async context: its reads, and the preview grant it was asked with. */
const reads = new AsyncLocalStorage<{ revisits: Revisit[]; preview?: PreviewGrant }>()

/**
 * Runs one render, answering its result and the revisits of every read with live fields it made. With
 * a preview grant every read is made with it (and so past the cache, dispatch.ts).
 */
export async function recordingReads<T>(render: () => Promise<T>, preview?: PreviewGrant): Promise<{ result: T; revisits: Revisit[] }> {
  const revisits: Revisit[] = []
  const result = await reads.run({ revisits, preview }, render)
  return { result, revisits }
}

export function inProcessTransport(actions: readonly Action[], logger: Logger): Transport {
  const byPath = new Map(actions.map((action) => [actionPath(action), action]))
  return async (path, payload) => {
    const action = byPath.get(path)
    if (!action) return { code: 404, msg: '接口不存在', data: null }
    try {
      const store = reads.getStore()
      const { data, revisit } = await readAsVisitor(action, payload, store?.preview)
      if (revisit) store?.revisits.push(revisit)
      return ok(data)
    } catch (error) {
      const known = describeFailure(error)
      if (!known) logger.error({ err: error, action: path }, 'unhandled error in a server render')
      const failure = known ?? SERVER_FAILURE
      return { code: failure.code, msg: failure.msg, data: null }
    }
  }
}
