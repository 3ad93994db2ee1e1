import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { currencyCoin, sampleRate } from './sample/currencies'
import { UPSTREAM_CURRENCIES } from '@contract/currency'
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
      // A coin in its own currency (bitcoin in BTC) is worth 1: below.
      for (const currency of UPSTREAM_CURRENCIES.filter((c) => currencyCoin(c) !== id)) {
        const rate = sampleRate(currency)
        expect((price?.[currency] ?? 0) / ((price?.usd ?? 0) * rate), currency).toBeCloseTo(1, 6)
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

describe('every sample coin is coherent', () => {
  const sample = loadSample()
  const ids = [
    ...sample.markets.map((coin) => coin.id),
    ...sample.trending.coins.map(({ item }) => item.id),
  ]
  const SPANS = ['1', '7', '30', '365'] as const
  const extent = (points: [number, number][]) => {
    const prices = points.map(([, price]) => price)
    return { min: Math.min(...prices), max: Math.max(...prices) }
  }
  // Figures and charts are rounded (to cents, or ten significant digits): a millionth apart is one.
  const up = (value: number) => value * (1 + 1e-6)
  const down = (value: number) => value * (1 - 1e-6)

  it.each(ids)(
    '%s: its key figures, in every currency, agree with each other and its charts',
    (id) => {
      const market = sample.coinDetail(id)?.market_data
      if (!market) throw new Error(`no sample detail for ${id}`)
      // Every key figure is known (max supply may be unlimited).
      for (const figure of ['market_cap', 'total_volume', 'high_24h', 'low_24h', 'ath'] as const) {
        expect(market[figure]?.usd, figure).toEqual(expect.any(Number))
      }
      expect(market.circulating_supply).toBeGreaterThan(0)
      for (const currency of UPSTREAM_CURRENCIES) {
        const where = `${id} in ${currency}`
        const price = market.current_price?.[currency] ?? Number.NaN
        const high = market.high_24h?.[currency] ?? Number.NaN
        const low = market.low_24h?.[currency] ?? Number.NaN
        const ath = market.ath?.[currency] ?? Number.NaN
        // The all-time high is at least the price, and its distance is the coin's own.
        expect(ath, where).toBeGreaterThanOrEqual(price)
        expect(market.ath_change_percentage?.[currency], where).toBeCloseTo(
          (price / ath - 1) * 100,
          1,
        )
        // The day's high and low hold the price, and the 7-day chart holds them.
        expect(low, where).toBeLessThanOrEqual(price)
        expect(high, where).toBeGreaterThanOrEqual(price)
        const week = extent(sample.marketChart(id, currency, '7')?.prices ?? [])
        expect(week.min, where).toBeLessThanOrEqual(up(low))
        expect(week.max, where).toBeGreaterThanOrEqual(down(high))
        // The day's chart stays between them; no chart rises above the all-time high.
        const day = extent(sample.marketChart(id, currency, '1')?.prices ?? [])
        expect(day.min, where).toBeGreaterThanOrEqual(down(low))
        expect(day.max, where).toBeLessThanOrEqual(up(high))
        for (const days of SPANS) {
          const { max } = extent(sample.marketChart(id, currency, days)?.prices ?? [])
          expect(max, `${where}, ${days} days`).toBeLessThanOrEqual(up(ath))
        }
        // A longer span holds a shorter one: the year's high is never below the day's.
        const month = extent(sample.marketChart(id, currency, '30')?.prices ?? [])
        const year = extent(sample.marketChart(id, currency, '365')?.prices ?? [])
        expect(year.max, where).toBeGreaterThanOrEqual(down(high))
        expect(year.max, where).toBeGreaterThanOrEqual(down(month.max))
        expect(month.max, where).toBeGreaterThanOrEqual(down(week.max))
        expect(month.min, where).toBeLessThanOrEqual(up(week.min))
        // Each span says something the shorter one did not (a coin in its own currency is flat).
        if (currencyCoin(currency) !== id) {
          expect(month.max > up(week.max) || month.min < down(week.min), where).toBe(true)
          expect(year.max, where).toBeGreaterThan(up(month.max))
        }
      }
    },
  )

  it('ends every chart when it is loaded: today, not on the fixtures’ day', () => {
    const now = Date.parse('2026-11-28T19:00:00.000Z')
    const today = loadSample(now)
    for (const id of ids) {
      for (const days of SPANS) {
        expect(today.marketChart(id, 'usd', days)?.prices.at(-1)?.[0], `${id}, ${days}`).toBe(now)
      }
    }
  })

  it.each([
    ['bitcoin', 'btc'],
    ['ethereum', 'eth'],
  ] as const)('%s priced in %s is 1, a flat line on every chart', (id, currency) => {
    expect(sample.coinDetail(id)?.market_data?.current_price?.[currency]).toBe(1)
    expect(sample.marketsIn(currency).find((coin) => coin.id === id)).toMatchObject({
      current_price: 1,
      price_change_percentage_24h: 0,
    })
    for (const days of SPANS) {
      const prices = sample.marketChart(id, currency, days)?.prices ?? []
      expect(prices.length, days).toBeGreaterThan(100)
      expect(new Set(prices.map(([, price]) => price)), days).toEqual(new Set([1]))
    }
  })

  it('prices Pepe as Pepe trades: about a hundred-thousandth of a dollar', () => {
    const price = sample.coinDetail('pepe')?.market_data?.current_price?.usd ?? 0
    expect(price).toBeGreaterThan(1e-6)
    expect(price).toBeLessThan(1e-4)
  })
})
