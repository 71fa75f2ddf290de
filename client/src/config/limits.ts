// Client-only business constants of spec §9 that are not tied to one feature.

/** Spec §9 "Throttle default 3000 ms": the same button action repeated within it is sent once. */
export const THROTTLE_MS = 3000
