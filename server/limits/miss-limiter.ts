import { LRUCache } from 'lru-cache'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { type Limiter, MAX_KEYS, type RateLimiter, type RateLimitResult } from './rate-limiter'

/** What the coin pages' per-client miss gate asks: at once, since a cache decides a miss at once. */
export type MissLimiter = {
  check: RateLimiter['check']
  /** Counts a miss; a shared count settles later (tests may wait for it). */
  record(key: string): void | Promise<void>
}

/**
 * The per-client miss limit of the coin pages (`COIN_MISS_RATE_LIMIT`) over several instances.
 * A cache decides synchronously whether a miss may start an upstream call, so a database round
 * trip cannot sit in that decision. Each instance counts its own misses in memory, as when alone,
 * and adds each to the shared counter too; once the shared counter refuses one, this instance
 * refuses that client until the shared window ends. A client spread over N instances gets at
 * most N misses beyond the limit per window (each instance learns from one), and the upstream
 * budget, which is exact across instances, bounds them all anyway.
 */
export function sharedMissLimiter(options: {
  local: RateLimiter
  shared: Limiter
  clock: Clock
  logger: Logger
}): MissLimiter {
  const { local, shared, clock, logger } = options
  const blockedUntil = new LRUCache<string, number>({ max: MAX_KEYS })
  return {
    check(key): RateLimitResult {
      const until = blockedUntil.get(key)
      const now = clock.now()
      if (until !== undefined && until > now) {
        return { allowed: false, retryAfterS: Math.max(1, Math.ceil((until - now) / 1000)) }
      }
      if (until !== undefined) blockedUntil.delete(key)
      return local.check(key)
    },
    record(key) {
      local.record(key)
      return Promise.resolve(shared.hit(key)).then(
        (result) => {
          if (!result.allowed) blockedUntil.set(key, clock.now() + result.retryAfterS * 1000)
        },
        // The database is down: this instance's own count still limits the client.
        (error: unknown) =>
          logger.warn({ error: (error as Error).message }, 'shared miss counter unavailable'),
      )
    },
  }
}
