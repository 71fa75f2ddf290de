// The lock tus takes around every request on an upload, held across processes (a lease in the
// database), so two processes serving the same upload's requests never write it at once.
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server'
import { keepAlive, tryTake, type HeldLease } from '../../../data/lease'

const LOCK_TTL_MS = 30_000
const LOCK_WAIT_MS = 30_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * tus's in-process lock (a newer request for the same upload asks the older one to stop, as when a
 * client reconnects) joined to a lease, so the rule holds for requests that reach different
 * processes: the second waits for the first to end, up to LOCK_WAIT_MS.
 */
export class LeaseLocker implements Locker {
  private readonly local = new MemoryLocker({ acquireLockTimeout: LOCK_WAIT_MS })

  newLock(id: string): Lock {
    const local = this.local.newLock(id)
    let lease: HeldLease | null = null
    let stopRenewing = () => {}
    return {
      async lock(signal: AbortSignal, cancelReq: RequestRelease) {
        await local.lock(signal, cancelReq)
        const giveUpAt = Date.now() + LOCK_WAIT_MS
        while (!(lease = await tryTake(`resumable-upload:${id}`, LOCK_TTL_MS))) {
          if (signal.aborted || Date.now() > giveUpAt) {
            await local.unlock()
            throw ERRORS.ERR_LOCK_TIMEOUT
          }
          await sleep(100)
        }
        stopRenewing = keepAlive(lease, LOCK_TTL_MS)
      },
      async unlock() {
        stopRenewing()
        await lease?.release()
        lease = null
        await local.unlock()
      },
    }
  }
}
