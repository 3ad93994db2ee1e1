import { describe, expect, it } from 'vitest'
import type { MarketListCoin } from '@contract/market-list'
import { widestCoin } from './coin-list-table'

const coin = (fields: Partial<MarketListCoin>): MarketListCoin =>
  ({
    id: 'x',
    symbol: 'x',
    name: 'X',
    image: 'https://example.com/x.png',
    current_price: 1,
    market_cap: 1,
    market_cap_rank: 1,
    total_volume: 1,
    price_change_percentage_24h: 1,
    price_change_percentage_1h_in_currency: 1,
    price_change_percentage_7d_in_currency: 1,
    sparkline_in_7d: { price: [1, 2] },
    ...fields,
  }) as MarketListCoin

describe('widestCoin', () => {
  it("takes each column's widest value as its cell writes it, from whichever coin has it", () => {
    const coins = [
      coin({
        id: 'bitcoin',
        name: 'Bitcoin',
        symbol: 'btc',
        market_cap_rank: 1,
        current_price: 97_412,
      }),
      coin({
        id: 'long-name',
        name: 'Artificial Superintelligence Alliance',
        symbol: 'fet',
        market_cap_rank: 100,
        current_price: 0.000_010_12,
        // Same length as "11.40%" with its minus; a digit draws wider than a minus.
        price_change_percentage_24h: -2.42,
      }),
      coin({
        id: 'virtual',
        symbol: 'virtual',
        price_change_percentage_24h: 11.4,
        market_cap: 1.9e12,
      }),
    ]
    const widest = widestCoin(coins, 'usd')
    expect(widest).toMatchObject({
      id: 'long-name',
      name: 'Artificial Superintelligence Alliance',
      symbol: 'virtual',
      market_cap_rank: 100,
      current_price: 0.000_010_12,
      price_change_percentage_24h: 11.4,
      market_cap: 1.9e12,
      // Nothing to fetch or draw: its monogram, and no sparkline.
      image: null,
      sparkline_in_7d: null,
    })
  })
})
