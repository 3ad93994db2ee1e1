import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  MarketListCoinSchema,
  MarketListQuerySchema,
  SPARKLINE_DIGITS,
  SPARKLINE_POINTS,
  sparklinePoints,
} from './market-list'

const hourly = (count: number, price: (i: number) => number) =>
  Array.from({ length: count }, (_, i) => price(i))

describe('sparklinePoints', () => {
  it('keeps at most 50 of the 168 hourly points, the first and the last among them', () => {
    const prices = hourly(168, (i) => 100 + Math.sin(i / 9) * 10)
    const points = sparklinePoints(prices)
    expect(points).toHaveLength(SPARKLINE_POINTS)
    expect(points[0]).toBe(100)
    expect(points.at(-1)).toBe(Number((prices.at(-1) as number).toPrecision(SPARKLINE_DIGITS)))
  })

  it('keeps a spike that falling between evenly spaced points would lose', () => {
    const prices = hourly(168, () => 100)
    // Fifty evenly spaced points would be these; the spikes fall between them.
    const even = new Set(hourly(50, (i) => Math.round((i * 167) / 49)))
    const [spike, dip] = [104, 42]
    expect(even.has(spike) || even.has(dip)).toBe(false)
    prices[spike] = 140
    prices[dip] = 70
    const points = sparklinePoints(prices)
    expect(Math.max(...points)).toBe(140)
    expect(Math.min(...points)).toBe(70)
  })

  it('keeps the order of the points it keeps', () => {
    const rising = sparklinePoints(
      hourly(168, (i) => i + 1),
      10,
    )
    expect(rising).toHaveLength(10)
    expect(rising).toEqual([...rising].sort((a, b) => a - b))
  })

  it('leaves a short line whole and as it is, without the points that have no price', () => {
    expect(sparklinePoints([1.23456789, null, 2, 3])).toEqual([1.23456789, 2, 3])
    expect(sparklinePoints([])).toEqual([])
    expect(sparklinePoints(sparklinePoints(hourly(168, (i) => i * 1.01)))).toEqual(
      sparklinePoints(hourly(168, (i) => i * 1.01)),
    )
  })
})

describe('the list page query and rows', () => {
  const query = {
    vs_currency: 'eur',
    order: 'market_cap_desc',
    per_page: '100',
    page: '3',
    sparkline: 'true',
    price_change_percentage: '1h,24h,7d',
    locale: 'en',
  }

  it('accepts exactly the list query, its page a whole number from 1', () => {
    expect(v.parse(MarketListQuerySchema, query)).toMatchObject({ page: 3, vs_currency: 'eur' })
    for (const page of ['0', '-1', '1.5', 'two', '01', '']) {
      expect(v.is(MarketListQuerySchema, { ...query, page })).toBe(false)
    }
    expect(v.is(MarketListQuerySchema, { ...query, per_page: '250' })).toBe(false)
    expect(v.is(MarketListQuerySchema, { ...query, price_change_percentage: '1h' })).toBe(false)
    expect(v.is(MarketListQuerySchema, { ...query, extra: '1' })).toBe(false)
  })

  it('keeps a row downsampled, without the fields the site does not show', () => {
    const row = v.parse(MarketListCoinSchema, {
      id: 'bitcoin',
      symbol: 'btc',
      name: 'Bitcoin',
      current_price: 1,
      fully_diluted_valuation: 2,
      sparkline_in_7d: { price: hourly(168, (i) => i) },
    })
    expect(row.sparkline_in_7d?.price).toHaveLength(SPARKLINE_POINTS)
    expect(row).not.toHaveProperty('fully_diluted_valuation')
  })
})
