import { describe, expect, it } from 'vitest'
import { changeIn, convertChart, convertMarkets, percentIn } from './convert'

const row = {
  id: 'bitcoin',
  symbol: 'btc',
  name: 'Bitcoin',
  current_price: 100,
  market_cap: 1000,
  total_volume: 50,
  market_cap_rank: 1,
  price_change_percentage_24h: 10,
  market_cap_change_24h: 100,
}

describe('conversion from US dollars', () => {
  it('multiplies sums by the rate, and leaves ranks and unknown figures as they are', () => {
    const [converted] = convertMarkets([{ ...row, total_volume: null }], { now: 83.21, day: null })
    expect(converted).toMatchObject({
      current_price: 8321,
      market_cap: 83_210,
      total_volume: null,
      market_cap_rank: 1,
    })
  })

  it("without a day-old rate, a 24 h change is the dollar's", () => {
    expect(percentIn(10, { now: 83, day: null })).toBe(10)
    expect(changeIn(100, 1000, { now: 2, day: null })).toBe(200)
  })

  it("with one, the rate's own move compounds: +10 % in dollars while the dollar gains 2 % is +12.2 %", () => {
    expect(percentIn(10, { now: 1.02, day: 1 })).toBeCloseTo(12.2, 10)
    // A coin flat in dollars moves by the rate alone.
    expect(percentIn(0, { now: 0.99, day: 1 })).toBeCloseTo(-1, 10)
    // Yesterday's cap (1000 − 100 = 900 dollars) at yesterday's rate, today's at today's.
    expect(changeIn(100, 1000, { now: 1.02, day: 1 })).toBeCloseTo(1020 - 900, 10)
  })

  it('keeps a null change null', () => {
    expect(percentIn(null, { now: 2, day: 1 })).toBeNull()
    expect(changeIn(undefined, 5, { now: 2, day: 1 })).toBeUndefined()
  })

  it("converts a chart's every point at today's rate, its times unchanged", () => {
    const chart = {
      prices: [
        [1, 10],
        [2, 20],
      ] as [number, number][],
    }
    expect(convertChart(chart, { now: 3, day: 1 })).toEqual({
      prices: [
        [1, 30],
        [2, 60],
      ],
    })
  })
})
