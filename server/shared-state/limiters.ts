import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { rateCounterStore } from '../db/rate-counters'
import { type Limiters, MAX_KEYS } from '../limits/rate-limiter'

const retryAfterS = (endsAt: number, now: number) => Math.max(1, Math.ceil((endsAt - now) / 1000))

/**
 * Limiters on PostgreSQL: one row of `rate_counters` per scope and key, a fixed window that opens
 * at the key's first hit (as RateLimiter). A hit is one statement that counts only while under the
 * limit, so concurrent hits on several instances can never pass it together.
 */
export function postgresLimiters(db: Db, clock: Clock): Limiters {
  const counters = rateCounterStore(db)
  return (scope, { limit, windowMs }) => ({
    async hit(key) {
      const now = clock.now()
      const hit = await counters.hit({ scope, key, now, windowMs, limit })
      return hit.counted
        ? { allowed: true }
        : { allowed: false, retryAfterS: retryAfterS(hit.endsAt, now) }
    },
    release: (key) => counters.release(scope, key, clock.now()),
    reset: (key) => counters.reset(scope, key),
  })
}

/** How often each instance sweeps the counters. */
export const SWEEP_INTERVAL_MS = 60_000

/**
 * Deletes the counters whose window has closed, then, past `maxRows` (a flood of new addresses
 * or emails), those closest to closing: like the in-memory limiters' LRU, that only ever errs
 * towards allowing. Answers how many rows it deleted.
 */
export function sweepCounters(db: Db, clock: Clock, maxRows = 4 * MAX_KEYS): Promise<number> {
  return rateCounterStore(db).sweep(clock.now(), maxRows)
}
