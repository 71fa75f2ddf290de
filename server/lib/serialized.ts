// The SQLite adapter shares one connection, so an interactive transaction would also roll back
// other requests' writes; check-then-write steps are queued per key in process instead.

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
