import { describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/server/helpers/clock'
import { RateLimiter } from './rate-limit'

describe('RateLimiter', () => {
  it('allows the limit within any window, then says how long to wait', () => {
    const clock = manualClock(0)
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000, clock })
    expect(limiter.hit('a').allowed).toBe(true)
    clock.advance(10_000)
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterS: 50 })
    expect(limiter.hit('b').allowed).toBe(true)
    // A sliding window: the first hit leaves it after 60 s, the others 10 s later.
    clock.advance(50_000)
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterS: 10 })
  })

  it('forgets idle clients, so memory stays bounded', () => {
    const clock = manualClock(0)
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000, clock })
    for (let i = 0; i < 10_001; i++) limiter.hit(`client-${i}`)
    clock.advance(2000)
    limiter.hit('late')
    expect(limiter.size).toBe(1)
  })

  it('checks without counting, records, and forgets a key on reset', () => {
    const clock = manualClock(0)
    const limiter = new RateLimiter({ limit: 2, windowMs: 60_000, clock })
    expect(limiter.check('a').allowed).toBe(true)
    expect(limiter.check('a').allowed).toBe(true)
    limiter.record('a')
    clock.advance(1000)
    limiter.record('a')
    expect(limiter.check('a')).toEqual({ allowed: false, retryAfterS: 59 })
    expect(limiter.check('b').allowed).toBe(true)
    limiter.reset('a')
    expect(limiter.check('a').allowed).toBe(true)
  })
})
