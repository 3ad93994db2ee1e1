import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import coinsBitcoin from '../mocks/fixtures/coins-bitcoin.json'
import bitcoinChart from '../mocks/fixtures/coins-bitcoin-market-chart-7.json'
import coinsList from '../mocks/fixtures/coins-list.json'
import {
  COIN_DETAIL_PARAMS,
  CoinDetailQuerySchema,
  CoinDetailSchema,
  CoinIdSchema,
  CoinListSchema,
  CoinSearchSchema,
  ChartRangeSchema,
  MarketChartQuerySchema,
  MarketChartSchema,
} from './coin'
import { CURRENCIES } from './currency'

const query = (params: Record<string, string | number | boolean>) =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]))

describe('CoinDetailSchema', () => {
  it("accepts the upstream fixture and keeps only the offered currencies' figures", () => {
    const coin = v.parse(CoinDetailSchema, coinsBitcoin)
    expect(coin).toMatchObject({
      id: 'bitcoin',
      symbol: 'btc',
      name: 'Bitcoin',
      market_cap_rank: 1,
    })
    const { current_price, ath_date } = coinsBitcoin.market_data
    expect(coin.market_data?.current_price).toEqual({
      usd: 97412,
      eur: 84105.52,
      gbp: current_price.gbp,
      jpy: current_price.jpy,
      btc: 1,
      eth: current_price.eth,
    })
    expect(coin.market_data?.ath_date).toEqual(ath_date)
    // CoinGecko sends some sixty currencies: those not offered are dropped (the server writes
    // the converted ones over the upstream's, server/market/convert.ts).
    const withOthers = {
      ...coinsBitcoin,
      market_data: {
        ...coinsBitcoin.market_data,
        current_price: { ...current_price, ltc: 1200, xau: 24 },
      },
    }
    expect(v.parse(CoinDetailSchema, withOthers).market_data?.current_price).not.toHaveProperty(
      'ltc',
    )
    expect(coin.links?.homepage?.[0]).toBe('http://www.bitcoin.org')
    expect(coin).not.toHaveProperty('categories')
    expect(coin.market_data).not.toHaveProperty('atl')
  })

  it('keeps the description as the upstream wrote it, HTML and all', () => {
    const hostile =
      '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:x">x</a>'
    const coin = v.parse(CoinDetailSchema, { ...coinsBitcoin, description: { en: hostile } })
    expect(coin.description?.en).toBe(hostile)
  })

  it('accepts null in every figure, and in every group of figures', () => {
    const nulls = {
      current_price: { usd: null },
      market_cap: { usd: null },
      total_volume: { usd: null },
      high_24h: { usd: null },
      low_24h: { usd: null },
      price_change_percentage_24h: null,
      circulating_supply: null,
      max_supply: null,
      ath: { usd: null },
      ath_date: { usd: null },
      ath_change_percentage: { usd: null },
      last_updated: null,
    }
    const coin = {
      id: 'x',
      symbol: 'x',
      name: 'X',
      image: { thumb: null, small: null, large: null },
      market_cap_rank: null,
      description: { en: null },
      links: { homepage: [null, ''] },
      market_data: nulls,
    }
    expect(v.parse(CoinDetailSchema, coin)).toEqual(coin)
    const groups = Object.fromEntries(Object.keys(nulls).map((key) => [key, null]))
    expect(v.parse(CoinDetailSchema, { ...coin, market_data: groups }).market_data).toEqual(groups)
    const bare = { id: 'x', symbol: 'x', name: 'X', image: null, description: null, links: null }
    expect(v.parse(CoinDetailSchema, { ...bare, market_data: null })).toMatchObject(bare)
  })

  it('accepts missing figures, and a coin of only its names', () => {
    expect(v.parse(CoinDetailSchema, { id: 'x', symbol: 'x', name: 'X', market_data: {} })).toEqual(
      {
        id: 'x',
        symbol: 'x',
        name: 'X',
        market_data: {},
      },
    )
    expect(v.parse(CoinDetailSchema, { id: 'x', symbol: 'x', name: 'X' })).toEqual({
      id: 'x',
      symbol: 'x',
      name: 'X',
    })
  })

  it.each([
    ['an error body', { error: 'coin not found' }],
    ['an id no coin can have', { ...coinsBitcoin, id: 'bit\u0000coin' }],
    ['a price as text', { ...coinsBitcoin, market_data: { current_price: { usd: '97412' } } }],
    ['null', null],
  ])('refuses %s', (_label, body) => {
    expect(v.safeParse(CoinDetailSchema, body).success).toBe(false)
  })
})

describe('MarketChartSchema', () => {
  it('accepts the upstream fixture and keeps the prices only', () => {
    const chart = v.parse(MarketChartSchema, bitcoinChart)
    expect(chart.prices).toHaveLength(169)
    expect(chart).not.toHaveProperty('market_caps')
    const times = chart.prices.map(([at]) => at)
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })

  it('drops points without a price, keeps an empty chart', () => {
    expect(
      v.parse(MarketChartSchema, {
        prices: [
          [1, null],
          [2, 5],
        ],
      }).prices,
    ).toEqual([[2, 5]])
    expect(v.parse(MarketChartSchema, { prices: [] }).prices).toEqual([])
  })

  it.each([
    ['no prices', {}],
    ['a point without its time', { prices: [[null, 1]] }],
    ['a point without its price', { prices: [[1]] }],
  ])('refuses %s', (_label, body) => {
    expect(v.safeParse(MarketChartSchema, body).success).toBe(false)
  })
})

describe('CoinListSchema', () => {
  it('accepts the upstream fixture', () => {
    const list = v.parse(CoinListSchema, coinsList)
    expect(list.length).toBeGreaterThan(21)
    expect(list).toContainEqual({ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' })
  })

  it('drops an entry whose id we could never ask for, refuses a list of none', () => {
    const list = [{ id: 'not\nan id', symbol: 'x', name: 'X' }, ...coinsList.slice(0, 2)]
    expect(v.parse(CoinListSchema, list)).toHaveLength(2)
    expect(v.safeParse(CoinListSchema, [{ id: 'x' }]).success).toBe(false)
    expect(v.safeParse(CoinListSchema, { coins: [] }).success).toBe(false)
  })
})

describe('CoinIdSchema', () => {
  // Real ids of CoinGecko's lists among them: the list, not a pattern, says which exist.
  it.each([
    'bitcoin',
    '0-5x-long-bitcoin-token',
    'hive_dollar',
    '1move token',
    'boringdao-[old]',
    '_',
    'x'.repeat(100),
  ])('accepts %j', (id) => {
    expect(v.is(CoinIdSchema, id)).toBe(true)
  })

  it.each(['', '.', '..', 'x'.repeat(101), 'bit\u0000coin', 'bit\ncoin', 'bit\u007fcoin'])(
    'refuses %j',
    (id) => {
      expect(v.is(CoinIdSchema, id)).toBe(false)
    },
  )
})

describe('the endpoints’ queries', () => {
  it('the detail query is exactly the upstream parameters', () => {
    expect(v.is(CoinDetailQuerySchema, query(COIN_DETAIL_PARAMS))).toBe(true)
    expect(v.is(CoinDetailQuerySchema, { ...query(COIN_DETAIL_PARAMS), tickers: 'true' })).toBe(
      false,
    )
    expect(v.is(CoinDetailQuerySchema, { ...query(COIN_DETAIL_PARAMS), extra: '1' })).toBe(false)
    expect(v.is(CoinDetailQuerySchema, {})).toBe(false)
  })

  it.each(['1', '7', '30', '365'])('the chart query takes days=%s', (days) => {
    expect(v.is(MarketChartQuerySchema, { vs_currency: 'usd', days })).toBe(true)
  })

  it.each(CURRENCIES)('the chart query takes vs_currency=%s', (vs_currency) => {
    expect(v.is(MarketChartQuerySchema, { vs_currency, days: '7' })).toBe(true)
  })

  it.each([
    { vs_currency: 'usd', days: '14' },
    { vs_currency: 'usd', days: 'max' },
    { vs_currency: 'xau', days: '7' },
    { vs_currency: 'EUR', days: '7' },
    { vs_currency: 'usd', days: '7', interval: 'daily' },
    { days: '7' },
  ])('the chart query refuses %j', (value) => {
    expect(v.is(MarketChartQuerySchema, value)).toBe(false)
  })
})

describe('ChartRangeSchema', () => {
  it('keeps a known range and falls back to 7d for anything else', () => {
    expect(v.parse(ChartRangeSchema, '1y')).toBe('1y')
    expect(v.parse(ChartRangeSchema, '5y')).toBe('7d')
    expect(v.parse(ChartRangeSchema, 7)).toBe('7d')
    expect(v.parse(CoinSearchSchema, {})).toEqual({ range: '7d' })
    expect(v.parse(CoinSearchSchema, { range: '24h' })).toEqual({ range: '24h' })
    expect(v.parse(CoinSearchSchema, { range: '<script>' })).toEqual({ range: '7d' })
  })
})
