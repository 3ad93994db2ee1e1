import { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import type { Currency } from '@contract/currency'
import { MarketsResponseSchema } from '@contract/market'
import { MarketListResponseSchema } from '@contract/market-list'
import rows from '../../../mocks/fixtures/coins-markets.json'
import { findListedCoin, findMarketCoinName, marketListQueries } from './list-queries'
import { marketQueries } from './queries'

const meta = { source: 'cache', updatedAt: '2026-11-29T12:00:00.000Z' } as const

/** A page of the full list holding `ids` from the fixture, each priced at `price`. */
function holdPage(
  client: QueryClient,
  currency: Currency,
  page: number,
  ids: string[],
  { price, updatedAt }: { price: number; updatedAt: number },
) {
  const coins = v.parse(
    MarketListResponseSchema,
    rows.filter((row) => ids.includes(row.id)).map((row) => ({ ...row, current_price: price })),
  )
  const { queryKey } = marketListQueries.page(currency, page)
  client.setQueryData(queryKey, { coins, meta, pages: 20 }, { updatedAt })
}

describe('findListedCoin', () => {
  it('finds a coin on any page this browser holds in the currency, with that page’s time', () => {
    const client = new QueryClient()
    holdPage(client, 'usd', 1, ['bitcoin'], { price: 1, updatedAt: 1_000 })
    holdPage(client, 'usd', 3, ['solana'], { price: 2, updatedAt: 3_000 })
    holdPage(client, 'chf', 3, ['solana'], { price: 3, updatedAt: 4_000 })

    const found = findListedCoin(client, 'solana', 'chf')
    expect(found?.data.coin.id).toBe('solana')
    expect(found?.data.coin.current_price).toBe(3)
    expect(found?.data.meta).toEqual(meta)
    expect(found?.updatedAt).toBe(4_000)
    expect(findListedCoin(client, 'solana', 'usd')?.updatedAt).toBe(3_000)
  })

  it('takes the first page holding the coin when two do (the list moved between fetches)', () => {
    const client = new QueryClient()
    // Held in the other order: the page number decides, not when the page came.
    holdPage(client, 'eur', 12, ['ripple'], { price: 12, updatedAt: 12_000 })
    holdPage(client, 'eur', 2, ['ripple'], { price: 2, updatedAt: 2_000 })
    holdPage(client, 'eur', 10, ['ripple'], { price: 10, updatedAt: 10_000 })

    expect(findListedCoin(client, 'ripple', 'eur')?.data.coin.current_price).toBe(2)
  })

  it('finds nothing for a coin no held page has, nor in a currency with no pages', () => {
    const client = new QueryClient()
    holdPage(client, 'usd', 1, ['bitcoin'], { price: 1, updatedAt: 1_000 })

    expect(findListedCoin(client, 'dogecoin', 'usd')).toBeNull()
    expect(findListedCoin(client, 'bitcoin', 'gbp')).toBeNull()
  })
})

describe('findMarketCoinName', () => {
  it('names a coin from the price list or a page of the full list, in any currency', () => {
    const client = new QueryClient()
    const inChf = v.parse(
      MarketsResponseSchema,
      rows.filter((row) => row.id === 'tether'),
    )
    client.setQueryData(marketQueries.markets('chf').queryKey, { coins: inChf, meta })
    holdPage(client, 'nok', 7, ['binancecoin'], { price: 1, updatedAt: 1_000 })

    expect(findMarketCoinName(client, 'tether')).toBe('Tether')
    expect(findMarketCoinName(client, 'binancecoin')).toBe('BNB')
    expect(findMarketCoinName(client, 'dogecoin')).toBeNull()
  })
})
