import { LRUCache } from 'lru-cache'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { manualClock } from '../../tests/server/helpers/clock'
import { MAX_KEYS, RateLimiter } from './rate-limiter'

// A sign-in failure key as the server makes them: an address and an email.
const keyOf = (i: number) =>
  `2001:db8:${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}::/64 someone-${i}@example.com`

// Hits keys from..from+count; a limiter that scans its keys would take hours here, so this fails
// after 20 s instead of hanging the run.
function hitKeys(limiter: RateLimiter, from: number, count: number): void {
  const deadline = performance.now() + 20_000
  for (let i = from; i < from + count; i++) {
    limiter.hit(keyOf(i))
    if (i % 10_000 === 0 && performance.now() > deadline) {
      throw new Error(`only ${i - from} keys in 20 s: a hit is not O(1)`)
    }
  }
}

describe('RateLimiter', () => {
  it('allows the limit in a window that opens at the first hit, then says how long to wait', () => {
    const clock = manualClock(0)
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000, clock })
    expect(limiter.hit('a').allowed).toBe(true)
    clock.advance(10_000)
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterS: 50 })
    expect(limiter.hit('b').allowed).toBe(true)
    clock.advance(49_999)
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterS: 1 })
    // The window closes 60 s after the first hit: a new one opens with a full allowance.
    clock.advance(1)
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterS: 60 })
  })

  it('checks without counting, records, takes one back, and forgets a key on reset', () => {
    const clock = manualClock(0)
    const limiter = new RateLimiter({ limit: 2, windowMs: 60_000, clock })
    expect(limiter.check('a').allowed).toBe(true)
    expect(limiter.check('a').allowed).toBe(true)
    limiter.record('a')
    clock.advance(1000)
    limiter.record('a')
    expect(limiter.check('a')).toEqual({ allowed: false, retryAfterS: 59 })
    expect(limiter.check('b').allowed).toBe(true)
    limiter.release('a')
    expect(limiter.check('a').allowed).toBe(true)
    limiter.record('a')
    expect(limiter.check('a').allowed).toBe(false)
    limiter.reset('a')
    expect(limiter.check('a').allowed).toBe(true)
    // Taking back more than was counted never goes below nothing.
    limiter.release('c')
    limiter.release('c')
    limiter.record('c')
    limiter.record('c')
    expect(limiter.check('c').allowed).toBe(false)
  })

  it('a million distinct keys: it keeps the newest MAX_KEYS, in bounded memory', () => {
    const gc = globalThis.gc
    // The server project runs with --expose-gc (vite.config.ts), so retained memory is measured.
    expect(gc).toBeTypeOf('function')
    const clock = manualClock(0)
    gc?.()
    const before = process.memoryUsage().heapUsed
    const limiter = new RateLimiter({ limit: 1, windowMs: 15 * 60_000, clock })
    hitKeys(limiter, 0, 1_000_000)
    expect(limiter.size).toBe(MAX_KEYS)
    gc?.()
    const grownMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024
    // Measured at 16 MB: a per-key array or an unbounded map would hold a million keys (350 MB).
    expect(grownMb).toBeLessThan(40)
    // The newest keys are still counted; the oldest were forgotten, which errs towards allowing.
    expect(limiter.check(keyOf(999_999)).allowed).toBe(false)
    expect(limiter.check(keyOf(1_000_000 - MAX_KEYS)).allowed).toBe(false)
    expect(limiter.check(keyOf(0)).allowed).toBe(true)
  })

  it('a hit costs the same in a full limiter as in an empty one: nothing is scanned', () => {
    // Counted, not timed: each use the limiter makes of its LRU map (any walk over the keys
    // would be one of its iterating methods, or a lookup per key).
    // Its methods by name (the class's type knows no index).
    const prototype = LRUCache.prototype as unknown as Record<
      string,
      (...args: unknown[]) => unknown
    >
    const methods = Object.entries(Object.getOwnPropertyDescriptors(prototype))
      .filter(([name, { value }]) => name !== 'constructor' && typeof value === 'function')
      .map(([name]) => name)
    const spies = methods.map((name) => [name, vi.spyOn(prototype, name)] as const)
    onTestFinished(() => {
      for (const [, spy] of spies) spy.mockRestore()
    })
    const usesPerHit = (limiter: RateLimiter, from: number) => {
      for (const [, spy] of spies) spy.mockClear()
      hitKeys(limiter, from, 1000)
      return Object.fromEntries(
        spies
          .filter(([, spy]) => spy.mock.calls.length > 0)
          .map(([name, spy]) => [name, spy.mock.calls.length / 1000]),
      )
    }
    const clock = manualClock(0)
    const empty = usesPerHit(new RateLimiter({ limit: 5, windowMs: 60_000, clock }), 0)
    // The limiter keeps its keys in an LRUCache, and only the hit's own key is looked up or stored.
    expect(Object.keys(empty).length).toBeGreaterThan(0)
    const KEYED = ['get', 'set', 'has', 'peek', 'delete']
    expect(Object.keys(empty).filter((name) => !KEYED.includes(name))).toEqual([])
    const full = new RateLimiter({ limit: 5, windowMs: 60_000, clock })
    hitKeys(full, 0, MAX_KEYS)
    expect(full.size).toBe(MAX_KEYS)
    // As many uses per hit when full (the LRU map drops its oldest key itself).
    expect(usesPerHit(full, MAX_KEYS)).toEqual(empty)
  })
})
