// An in-process queue per key. It guards nothing across processes: server/data/lease.ts's withLock
// puts it in front of the database lock, so waiters in one process queue here instead of all polling
// the Lease table. The exclusion itself is the lease's.

const queues = new Map<string, Promise<unknown>>()

/** Runs `task` after every earlier task with the same key: check-then-insert without a race. */
export function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve()
  const run = previous.then(task, task)
  const settled = run.catch(() => undefined)
  queues.set(key, settled)
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key)
  })
  return run
}
