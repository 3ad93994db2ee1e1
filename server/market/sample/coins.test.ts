import { describe, expect, it } from 'vitest'
import coinsBitcoin from '../../../mocks/fixtures/coins-bitcoin.json'
import { sampleCoinDetail, sampleCoinSources, sampleMarketChart } from './coins'

const END = Date.parse('2026-11-23T08:59:12.148Z')

describe('sample coin pages', () => {
  it('cover the price list and the trending coins', () => {
    expect(sampleCoinSources.size).toBe(21)
    expect(sampleCoinDetail(sampleCoinSources.get('bitcoin') ?? fail(), END)).toBe(coinsBitcoin)
    // A trending coin's cap and volume come from the text trending gives ("$4,257,000,000").
    const pepe = sampleCoinDetail(sampleCoinSources.get('pepe') ?? fail(), END)
    expect(pepe).toMatchObject({
      id: 'pepe',
      market_data: { market_cap: { usd: 4_257_000_000 }, total_volume: { usd: 598_000_000 } },
    })
  })

  it.each([
    ['1', 289, 5 * 60_000],
    ['7', 169, 3_600_000],
    ['30', 721, 3_600_000],
    ['365', 366, 86_400_000],
  ])('a %s-day chart: %i points, each step %i ms, ending on the price', (days, points, step) => {
    const coin = sampleCoinSources.get('ethereum') ?? fail()
    const chart = sampleMarketChart(coin, days, END) ?? fail()
    expect(chart.prices).toHaveLength(points)
    expect(chart.prices.at(-1)).toEqual([END, coin.current_price])
    expect((chart.prices[1]?.[0] ?? 0) - (chart.prices[0]?.[0] ?? 0)).toBe(step)
    expect(sampleMarketChart(coin, days, END)).toEqual(chart)
  })

  it('a day starts where the 24 h change says; a stablecoin barely moves', () => {
    const btc = sampleCoinSources.get('bitcoin') ?? fail()
    const [, first] = sampleMarketChart(btc, '1', END)?.prices[0] ?? fail()
    expect(first).toBeCloseTo(97412 / 1.0184215, 0)
    const usdt = sampleMarketChart(sampleCoinSources.get('tether') ?? fail(), '365', END)
    for (const [, price] of usdt?.prices ?? fail()) expect(Math.abs(price - 1)).toBeLessThan(0.05)
  })

  it('a longer span holds a shorter one and reaches past it: bitcoin’s year high is above its day’s', () => {
    const btc = sampleCoinSources.get('bitcoin') ?? fail()
    const range = (days: string) => {
      const prices = (sampleMarketChart(btc, days, END) ?? fail()).prices.map(([, p]) => p)
      return [Math.min(...prices), Math.max(...prices)] as const
    }
    const [, yearHigh] = range('365')
    const [monthLow, monthHigh] = range('30')
    const [weekLow, weekHigh] = range('7')
    expect(yearHigh).toBeGreaterThan(coinsBitcoin.market_data.high_24h.usd)
    expect(yearHigh).toBeGreaterThan(monthHigh)
    expect([monthLow, monthHigh]).not.toEqual([weekLow, weekHigh])
    expect(monthLow).toBeLessThanOrEqual(weekLow)
    expect(monthHigh).toBeGreaterThanOrEqual(weekHigh)
  })

  it('no chart without a price or for another span', () => {
    const btc = sampleCoinSources.get('bitcoin') ?? fail()
    expect(sampleMarketChart({ ...btc, current_price: null }, '7', END)).toBeNull()
    expect(sampleMarketChart(btc, '14', END)).toBeNull()
    // A priceless copy, asked first, leaves the coin's own charts alone.
    const solana = sampleCoinSources.get('solana') ?? fail()
    expect(sampleMarketChart({ ...solana, current_price: null }, '1', END)).toBeNull()
    expect(sampleMarketChart(solana, '1', END)?.prices).toHaveLength(289)
  })
})

function fail(): never {
  throw new Error('missing sample')
}
