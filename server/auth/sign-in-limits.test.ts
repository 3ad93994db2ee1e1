import { describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/server/helpers/clock'
import { memoryLimiters } from '../limits/rate-limiter'
import { SignInLimits } from './sign-in-limits'

const MINUTE = 60_000

describe('SignInLimits', () => {
  it('5 failures per account and address in 15 minutes; other addresses and accounts go on', async () => {
    const clock = manualClock(0)
    const limits = new SignInLimits(memoryLimiters(clock))
    for (let i = 0; i < 5; i++)
      expect((await limits.begin('203.0.113.7', 'ada@example.com')).allowed).toBe(true)
    expect(await limits.begin('203.0.113.7', ' ADA@example.com ')).toEqual({
      allowed: false,
      retryAfterS: 15 * 60,
    })
    expect((await limits.begin('203.0.113.8', 'ada@example.com')).allowed).toBe(true)
    expect((await limits.begin('203.0.113.7', 'grace@example.com')).allowed).toBe(true)
  })

  it('5 failures from each of 4 addresses leave the owner’s sign-in from a fifth open', async () => {
    const limits = new SignInLimits(memoryLimiters(manualClock(0)))
    for (let a = 0; a < 4; a++) {
      for (let i = 0; i < 5; i++) await limits.begin(`198.51.100.${a}`, 'ada@example.com')
      expect((await limits.begin(`198.51.100.${a}`, 'ada@example.com')).allowed).toBe(false)
    }
    expect((await limits.begin('192.0.2.1', 'ada@example.com')).allowed).toBe(true)
  })

  it('100 failures on one account in an hour from many addresses slow that account down, for a window only', async () => {
    const clock = manualClock(0)
    const limits = new SignInLimits(memoryLimiters(clock))
    // An attacker spreads 100 guesses over 100 addresses, one every 30 s.
    for (let i = 0; i < 100; i++) {
      expect((await limits.begin(`198.51.100.${i}`, 'ada@example.com')).allowed).toBe(true)
      clock.advance(MINUTE / 2)
    }
    // Now every address waits, the owner's too; other accounts do not.
    const refused = await limits.begin('192.0.2.1', 'ada@example.com')
    expect(refused).toEqual({ allowed: false, retryAfterS: 10 * 60 })
    expect((await limits.begin('198.51.100.199', 'ada@example.com')).allowed).toBe(false)
    expect((await limits.begin('198.51.100.0', 'grace@example.com')).allowed).toBe(true)

    // Once the window has closed the owner signs in; no one can lock the account for good.
    clock.advance(10 * MINUTE)
    const owner = await limits.begin('192.0.2.1', 'ada@example.com')
    expect(owner.allowed).toBe(true)
    if (owner.allowed) await owner.succeeded()
  })

  it('the owner’s own checks are counted apart from sign-in', async () => {
    const limiters = memoryLimiters(manualClock(0))
    const signIn = new SignInLimits(limiters)
    const ownSession = new SignInLimits(limiters, 'session-password')
    for (let i = 0; i < 5; i++) await ownSession.begin('203.0.113.7', 'ada@example.com')
    expect((await ownSession.begin('203.0.113.7', 'ada@example.com')).allowed).toBe(false)
    expect((await signIn.begin('203.0.113.7', 'ada@example.com')).allowed).toBe(true)
  })

  it('a success clears its address’s failures and is not itself a failure; an undone attempt does not count', async () => {
    const clock = manualClock(0)
    const limits = new SignInLimits(memoryLimiters(clock))
    for (let i = 0; i < 4; i++) await limits.begin('203.0.113.7', 'ada@example.com')
    const right = await limits.begin('203.0.113.7', 'ada@example.com')
    if (right.allowed) await right.succeeded()
    for (let i = 0; i < 5; i++)
      expect((await limits.begin('203.0.113.7', 'ada@example.com')).allowed).toBe(true)
    expect((await limits.begin('203.0.113.7', 'ada@example.com')).allowed).toBe(false)

    // A hundred attempts the server was too busy to check leave the account untouched.
    for (let i = 0; i < 100; i++) {
      const attempt = await limits.begin(`198.51.100.${i}`, 'grace@example.com')
      expect(attempt.allowed).toBe(true)
      if (attempt.allowed) await attempt.undo()
    }
    expect((await limits.begin('192.0.2.1', 'grace@example.com')).allowed).toBe(true)
  })
})
