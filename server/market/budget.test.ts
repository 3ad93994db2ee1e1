import { describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/server/helpers/clock'
import { reservedForLists, UpstreamBudget } from './budget'

describe('reservedForLists', () => {
  it('keeps a quarter for the lists, at least 2, and at least 1 call for the coin pages', () => {
    expect([3, 4, 10, 25, 250].map(reservedForLists)).toEqual([2, 2, 3, 6, 63])
  })
})

describe('UpstreamBudget', () => {
  it('allows at most the budget in any 60 s, sliding', () => {
    const clock = manualClock(0)
    const budget = new UpstreamBudget({ callsPerMin: 10, clock })
    for (let i = 0; i < 10; i++) {
      expect(budget.waitMs('lists')).toBe(0)
      budget.spend('lists')
      clock.advance(1000)
    }
    // The first call was at 0 s; it is 10 s now.
    expect(budget.waitMs('lists')).toBe(50_000)
    clock.advance(49_999)
    expect(budget.waitMs('lists')).toBe(1)
    clock.advance(1)
    expect(budget.waitMs('lists')).toBe(0)
    expect(budget.used()).toEqual({ lists: 9, coins: 0 })
  })

  it('coin pages stop at their share; the lists still have the reserved calls', () => {
    const clock = manualClock(0)
    const budget = new UpstreamBudget({ callsPerMin: 10, clock })
    for (let i = 0; i < 7; i++) {
      expect(budget.waitMs('coins')).toBe(0)
      budget.spend('coins')
    }
    clock.advance(5000)
    expect(budget.waitMs('coins')).toBe(55_000)
    for (let i = 0; i < 3; i++) {
      expect(budget.waitMs('lists')).toBe(0)
      budget.spend('lists')
    }
    expect(budget.waitMs('lists')).toBe(55_000)
    expect(budget.used()).toEqual({ lists: 3, coins: 7 })
  })

  it('the lists may use the coin pages’ share when it is free', () => {
    const clock = manualClock(0)
    const budget = new UpstreamBudget({ callsPerMin: 4, clock })
    for (let i = 0; i < 4; i++) budget.spend('lists')
    expect(budget.waitMs('lists')).toBe(60_000)
    expect(budget.waitMs('coins')).toBe(60_000)
  })
})
