import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { keptAfterMerge, watchlistUnion } from './watchlist'

const id = fc.stringMatching(/^[a-z0-9-]{1,12}$/)
const list = fc.uniqueArray(id, { maxLength: 40 })

describe('watchlistUnion (the merge rule, server/db/watchlist.ts)', () => {
  it('is the set union when it fits, without duplicates, keeping what was held first', () => {
    fc.assert(
      fc.property(list, fc.array(id, { maxLength: 40 }), (held, incoming) => {
        const { coins, refused } = watchlistUnion(held, incoming, 1000)
        expect(new Set(coins)).toEqual(new Set([...held, ...incoming]))
        expect(coins).toHaveLength(new Set(coins).size)
        expect(coins.slice(0, held.length)).toEqual(held)
        expect(refused).toEqual([])
      }),
    )
  })

  it('is idempotent: merging the same list again changes nothing', () => {
    fc.assert(
      fc.property(list, fc.array(id, { maxLength: 40 }), fc.nat(60), (held, incoming, max) => {
        const once = watchlistUnion(held, incoming, max)
        const twice = watchlistUnion(once.coins, incoming, max)
        expect(twice.coins).toEqual(once.coins)
        expect(twice.added).toEqual([])
      }),
    )
  })

  it('loses nothing: every coin is held, added or refused, and the cap only refuses new ones', () => {
    fc.assert(
      fc.property(list, fc.array(id, { maxLength: 40 }), fc.nat(60), (held, incoming, max) => {
        const { coins, refused } = watchlistUnion(held, incoming, max)
        for (const coin of held) expect(coins).toContain(coin)
        for (const coin of incoming)
          expect(coins.includes(coin) || refused.includes(coin)).toBe(true)
        expect(coins.length).toBeLessThanOrEqual(Math.max(max, held.length))
      }),
    )
  })
})

describe('keptAfterMerge (what the browser keeps)', () => {
  it('keeps every coin the account did not take, including ones starred meanwhile', () => {
    fc.assert(
      fc.property(list, list, list, (sent, meanwhile, refused) => {
        const merged = sent.filter((coin) => !refused.includes(coin))
        const current = [...new Set([...sent, ...meanwhile])]
        const kept = keptAfterMerge(current, merged)
        // Nothing lost: each coin the browser had is in the account or still in the browser.
        for (const coin of current) expect(merged.includes(coin) || kept.includes(coin)).toBe(true)
        for (const coin of kept) expect(merged).not.toContain(coin)
      }),
    )
  })
})
