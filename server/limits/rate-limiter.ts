import { LRUCache } from 'lru-cache'
import type { Clock } from '../clock'

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterS: number }

/**
 * Keys one limiter remembers at most. Measured (rate-limit.test.ts): a full limiter holds about
 * 16 MB with address-and-email keys and 33 MB with the longest ones (a 254-character email),
 * whatever a flood of new addresses or emails does, so the server's four stay under 150 MB.
 */
export const MAX_KEYS = 50_000

type Window = { count: number; endsAt: number }

/**
 * At most `limit` hits per key in a fixed window of `windowMs` that opens at the key's first hit:
 * one counter per key, so every hit is O(1) in time and memory. The keys sit in an LRU map of at
 * most `maxKeys`: past it the least recently seen key is forgotten, which only ever errs towards
 * allowing. In memory: instances on one PostgreSQL count in ./postgres.ts instead.
 */
export class RateLimiter {
  readonly #windows: LRUCache<string, Window>
  readonly #limit: number
  readonly #windowMs: number
  readonly #clock: Clock

  constructor(options: { limit: number; windowMs: number; clock: Clock; maxKeys?: number }) {
    this.#windows = new LRUCache({ max: options.maxKeys ?? MAX_KEYS })
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
    const window = this.#open(key)
    if (!window || window.count < this.#limit) return { allowed: true }
    const waitMs = window.endsAt - this.#clock.now()
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) }
  }

  record(key: string): void {
    let window = this.#open(key)
    if (!window) {
      window = { count: 0, endsAt: this.#clock.now() + this.#windowMs }
      this.#windows.set(key, window)
    }
    window.count += 1
  }

  /** Takes back one hit: an attempt counted up front that turned out not to count. */
  release(key: string): void {
    const window = this.#open(key)
    if (window && window.count > 0) window.count -= 1
  }

  /** Forgets a key's hits (a successful sign-in clears its failures). */
  reset(key: string): void {
    this.#windows.delete(key)
  }

  /** Keys remembered, including some whose window has closed but that nobody asked about since. */
  get size(): number {
    return this.#windows.size
  }

  // The key's window while it is open; a closed one is dropped when seen.
  #open(key: string): Window | undefined {
    const window = this.#windows.get(key)
    if (window && window.endsAt <= this.#clock.now()) {
      this.#windows.delete(key)
      return undefined
    }
    return window
  }
}

/**
 * A rate limit as the routes use it: in memory (`RateLimiter`, one instance counts alone) or on
 * the deployment's PostgreSQL (every instance counts into the same window).
 */
export type Limiter = {
  /** Counts a hit and says whether it is within the limit (a refused hit is not counted). */
  hit(key: string): RateLimitResult | Promise<RateLimitResult>
  /** Takes back one hit: an attempt counted up front that turned out not to count. */
  release(key: string): void | Promise<void>
  /** Forgets a key's hits (a successful sign-in clears its failures). */
  reset(key: string): void | Promise<void>
}

export type LimiterOptions = { limit: number; windowMs: number }

/** Makes the limiter of one scope (`signin`, `signin-account`, …); see `memoryLimiters`. */
export type Limiters = (scope: string, options: LimiterOptions) => Limiter

/** Limiters in this instance's memory: the single-instance (PGlite) path. */
export const memoryLimiters =
  (clock: Clock): Limiters =>
  (_scope, options) =>
    new RateLimiter({ ...options, clock })
