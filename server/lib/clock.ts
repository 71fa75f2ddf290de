/** The server's notion of now: one object, so tests can move time for every service at once. */
export const clock = { now: () => Date.now() }
