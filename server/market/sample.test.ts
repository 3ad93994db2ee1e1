import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sampleRate } from '../../mocks/currency-samples'
import { CURRENCIES } from '@contract/currency'
import { loadSample } from './sample'

describe('loadSample', () => {
  it('is the fixtures, with every image a file shipped in public/', () => {
    const sample = loadSample()
    expect(sample.markets).toHaveLength(6)
    expect(sample.trending.coins).toHaveLength(15)
    const images = [
      ...sample.markets.map((coin) => coin.image),
      ...sample.trending.coins.flatMap(({ item }) => [item.thumb, item.large]),
    ]
    for (const image of images) {
      expect(image).toMatch(/^\/sample-coins\/[a-z0-9-]+\.png$/)
      expect(existsSync(new URL(`../../public${image}`, import.meta.url)), String(image)).toBe(true)
    }
    expect(sample.updatedAt.getTime()).toBeGreaterThan(0)
  })

  it('has a page for each of the 21 sample coins, images shipped, and a list to start from', () => {
    const sample = loadSample()
    const ids = [
      ...sample.markets.map((coin) => coin.id),
      ...sample.trending.coins.map(({ item }) => item.id),
    ]
    expect(ids).toHaveLength(21)
    const listed = new Set(sample.coinList.map((coin) => coin.id))
    for (const id of ids) {
      expect(listed.has(id), id).toBe(true)
      const detail = sample.coinDetail(id)
      expect(detail?.image?.large, id).toBe(`/sample-coins/${id}.png`)
      expect(sample.marketChart(id, 'usd', '7')?.prices.at(-1)?.[0], id).toBe(
        sample.updatedAt.getTime(),
      )
    }
    expect(sample.coinDetail('bitcoin')?.description?.en).toContain('<a href=')
    expect(sample.coinDetail('cardano')).toBeNull()
    expect(sample.marketChart('cardano', 'usd', '7')).toBeNull()
  })

  it("has each coin's page in every offered currency, at the fixtures' rates", () => {
    const sample = loadSample()
    for (const id of ['ethereum', 'bitcoin']) {
      const price = sample.coinDetail(id)?.market_data?.current_price
      const usd = sample.marketChart(id, 'usd', '30')?.prices ?? []
      for (const currency of CURRENCIES) {
        const rate = sampleRate(currency)
        if (id !== 'bitcoin')
          expect(price?.[currency], currency).toBeCloseTo((price?.usd ?? 0) * rate)
        else expect(price?.[currency], currency).toEqual(expect.any(Number))
        const chart = sample.marketChart(id, currency, '30')?.prices ?? []
        expect(chart).toHaveLength(usd.length)
        chart.forEach(([at, value], index) => {
          const [usdAt, usdValue] = usd[index] ?? [0, 0]
          expect(at).toBe(usdAt)
          expect(value / (usdValue * rate)).toBeCloseTo(1, 8)
        })
      }
    }
  })
})
