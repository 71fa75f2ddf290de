// Imported by the bench child processes: if bench/run.ts dies without stopping them (SIGKILL, crash),
// the child is re-parented and exits instead of holding a port and a database open.
const parentPid = process.ppid
setInterval(() => {
  if (process.ppid !== parentPid) process.exit(0)
}, 1000).unref()

export {}
