import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import coinsMarkets from '../mocks/fixtures/coins-markets.json'
import searchTrending from '../mocks/fixtures/search-trending.json'
import { MarketsResponseSchema, TrendingResponseSchema } from './market'

describe('MarketsResponseSchema', () => {
  it('accepts the upstream fixture, nulls and unknown fields included', () => {
    const coins = v.parse(MarketsResponseSchema, coinsMarkets)
    expect(coins).toHaveLength(6)
    expect(coins[0]).toMatchObject({ id: 'bitcoin', symbol: 'btc', current_price: 97412 })
    expect(coins[5]?.market_cap_change_24h).toBeNull()
  })

  it('drops fields it does not know', () => {
    const [coin] = v.parse(MarketsResponseSchema, coinsMarkets)
    expect(coin).not.toHaveProperty('price_change_percentage_24h_in_currency')
    expect(coin).not.toHaveProperty('ath')
  })

  it('accepts null in every numeric field, the price included', () => {
    const coin = {
      id: 'x',
      symbol: 'x',
      name: 'X',
      image: null,
      current_price: null,
      market_cap: null,
      market_cap_rank: null,
      total_volume: null,
      price_change_percentage_24h: null,
      market_cap_change_24h: null,
    }
    expect(v.parse(MarketsResponseSchema, [coin])).toEqual([coin])
  })

  it('accepts missing numeric fields', () => {
    expect(v.parse(MarketsResponseSchema, [{ id: 'x', symbol: 'x', name: 'X' }])).toHaveLength(1)
  })

  it('drops one malformed coin and keeps the good ones', () => {
    const mixed = [coinsMarkets[0], { id: 42, name: null }, coinsMarkets[1]]
    const coins = v.parse(MarketsResponseSchema, mixed)
    expect(coins.map((coin) => coin.id)).toEqual(['bitcoin', 'ethereum'])
  })

  it('refuses a list in which no coin is valid', () => {
    expect(v.safeParse(MarketsResponseSchema, [{ nope: true }]).success).toBe(false)
  })

  it('accepts an empty list', () => {
    expect(v.parse(MarketsResponseSchema, [])).toEqual([])
  })

  it.each([
    ['an object instead of an array', { coins: [] }],
    ['an HTML page', '<!doctype html><html></html>'],
    ['null', null],
    ['a number', 42],
  ])('refuses %s', (_label, body) => {
    expect(v.safeParse(MarketsResponseSchema, body).success).toBe(false)
  })

  it('refuses a string where a number belongs', () => {
    const coin = { ...coinsMarkets[0], current_price: '97412' }
    expect(v.safeParse(MarketsResponseSchema, [coin]).success).toBe(false)
  })
})

describe('TrendingResponseSchema', () => {
  it('accepts the upstream fixture with its 15 coins, nfts and categories', () => {
    const { coins } = v.parse(TrendingResponseSchema, searchTrending)
    expect(coins).toHaveLength(15)
    expect(coins[0]?.item).toMatchObject({ id: 'pudgy-penguins', symbol: 'PENGU' })
  })

  it('accepts a new coin without a market-cap rank', () => {
    const { coins } = v.parse(TrendingResponseSchema, searchTrending)
    expect(
      coins.find((coin) => coin.item.id === 'brand-new-token')?.item.market_cap_rank,
    ).toBeNull()
  })

  it('ignores the formatted strings in data', () => {
    const { coins } = v.parse(TrendingResponseSchema, searchTrending)
    expect(coins[0]?.item).not.toHaveProperty('data')
  })

  it('drops a malformed coin and keeps the rest', () => {
    const body = { coins: [{ item: { id: 1 } }, ...searchTrending.coins.slice(0, 2)] }
    expect(v.parse(TrendingResponseSchema, body).coins).toHaveLength(2)
  })

  it.each([
    ['an array', []],
    ['coins that are not a list', { coins: 'many' }],
    ['no coins key', { nfts: [] }],
  ])('refuses %s', (_label, body) => {
    expect(v.safeParse(TrendingResponseSchema, body).success).toBe(false)
  })
})
