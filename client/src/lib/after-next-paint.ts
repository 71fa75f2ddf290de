// Runs work once the browser has painted what it has: a frame's callback runs just before its
// paint, and a task queued from it runs after. A hidden tab paints nothing, so it runs at once there.
export function afterNextPaint(work: () => void) {
  if (document.visibilityState === 'hidden') work()
  else requestAnimationFrame(() => setTimeout(work, 0))
}
