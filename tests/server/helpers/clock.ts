import type { Clock } from '../../../server/clock'

/** A clock the test moves by hand, so TTLs and rate-limit windows pass without sleeping. */
export type ManualClock = Clock & { advance(ms: number): void }

export function manualClock(start = Date.now()): ManualClock {
  let now = start
  return {
    now: () => now,
    advance: (ms) => {
      now += ms
    },
  }
}
