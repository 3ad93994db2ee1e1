/** The time source, injected so tests move it by hand instead of sleeping through TTLs. */
export type Clock = { now(): number }

export const systemClock: Clock = { now: () => Date.now() }
