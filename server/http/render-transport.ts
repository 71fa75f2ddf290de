// The API as the server render sees it: the client's api-client hands every call to this transport
// instead of fetch, and it runs the action in-process (dispatch.ts readAsVisitor), answering the
// same {code, msg, data} envelope an HTTP call would. Anonymous visitor only: a page rendered for
// everyone must not depend on who asked.
import type { Logger } from '../lib/logger'
import { actionPath, type Action } from './action'
import { readAsVisitor } from './dispatch'
import { ok } from './envelope'
import { describeFailure, SERVER_FAILURE } from './failure'

/** The client's `Transport` (client/src/lib/api-client.ts): a path and a payload in, an envelope out. */
export type Transport = (path: string, payload: object) => Promise<unknown>

export function inProcessTransport(actions: readonly Action[], logger: Logger): Transport {
  const byPath = new Map(actions.map((action) => [actionPath(action), action]))
  return async (path, payload) => {
    const action = byPath.get(path)
    if (!action) return { code: 404, msg: '接口不存在', data: null }
    try {
      return ok(await readAsVisitor(action, payload))
    } catch (error) {
      const known = describeFailure(error)
      if (!known) logger.error({ err: error, action: path }, 'unhandled error in a server render')
      const failure = known ?? SERVER_FAILURE
      return { code: failure.code, msg: failure.msg, data: null }
    }
  }
}
