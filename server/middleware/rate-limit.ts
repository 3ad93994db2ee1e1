import type { MiddlewareHandler } from 'hono'
import { apiError } from '../errors'
import type { Clock } from '../clock'

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterS: number }

// Past this many tracked clients, idle ones are swept so memory stays bounded.
const SWEEP_AT = 10_000

/**
 * A sliding window per key: at most `limit` hits in any `windowMs`. In memory, so with several
 * instances each counts its own share.
 */
export class RateLimiter {
  readonly #hits = new Map<string, number[]>()
  readonly #limit: number
  readonly #windowMs: number
  readonly #clock: Clock

  constructor(options: { limit: number; windowMs: number; clock: Clock }) {
    this.#limit = options.limit
    this.#windowMs = options.windowMs
    this.#clock = options.clock
  }

  /** Counts a hit and says whether it is within the limit (blocked hits are not counted). */
  hit(key: string): RateLimitResult {
    const result = this.check(key)
    if (result.allowed) this.record(key)
    return result
  }

  /** Whether one more hit would be allowed, without counting one. */
  check(key: string): RateLimitResult {
    const now = this.#clock.now()
    const since = now - this.#windowMs
    const hits = (this.#hits.get(key) ?? []).filter((at) => at > since)
    if (hits.length === 0) this.#hits.delete(key)
    else this.#hits.set(key, hits)
    if (hits.length < this.#limit) return { allowed: true }
    const oldest = hits[0] ?? now
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((oldest - since) / 1000)) }
  }

  record(key: string): void {
    const now = this.#clock.now()
    const hits = this.#hits.get(key) ?? []
    hits.push(now)
    this.#hits.set(key, hits)
    if (this.#hits.size > SWEEP_AT) this.#sweep(now - this.#windowMs)
  }

  /** Forgets a key's hits (a successful sign-in clears its failures). */
  reset(key: string): void {
    this.#hits.delete(key)
  }

  get size(): number {
    return this.#hits.size
  }

  #sweep(since: number): void {
    for (const [key, hits] of this.#hits) {
      if ((hits.at(-1) ?? 0) <= since) this.#hits.delete(key)
    }
  }
}

export function rateLimit(
  limiter: RateLimiter,
  keyOf: (c: Parameters<MiddlewareHandler>[0]) => string,
): MiddlewareHandler {
  return async (c, next) => {
    const result = limiter.hit(keyOf(c))
    if (!result.allowed) {
      throw apiError('rate_limited', { headers: { 'Retry-After': String(result.retryAfterS) } })
    }
    await next()
  }
}
