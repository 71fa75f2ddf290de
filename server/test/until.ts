/** Waits until `check` holds, polling, and fails after `timeoutMs` instead of hanging the test. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, pollMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time')
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
