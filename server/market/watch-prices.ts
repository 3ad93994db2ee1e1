import * as v from 'valibot'
import { CoinDetailSchema } from '@contract/coin'
import type { Currency } from '@contract/currency'
import type { DataSource } from '@contract/data-meta'
import { MarketsResponseSchema } from '@contract/market'
import type { NoPriceReason, WatchRow } from '@contract/watchlist'
import type { CallGate } from './budget'
import { NoDataError, type Served } from './cache'
import type { CoinPages } from './coins'
import type { MarketCaches } from './service'

const decoder = new TextDecoder()
const json = (served: Served): unknown => JSON.parse(decoder.decode(served.body))
const metaOf = (served: Served) => ({
  source: (served.source === 'live' ? 'cache' : served.source) satisfies DataSource,
  updatedAt: served.updatedAt.toISOString(),
})

const REASONS: Record<NoDataError['reason'], NoPriceReason> = {
  busy: 'busy',
  limited: 'limited',
  failed: 'offline',
  not_found: 'unknown',
}

/** A gate that refuses every call: what a cache holds, and nothing more. */
const NO_CALLS: CallGate = { refusal: 'busy', waitMs: () => 60_000, spend: () => {} }

/**
 * The rows of a watchlist in `currency`, from what the server holds: the price list's cache
 * (shared by every visitor), then each other coin's details as its page would get them (a
 * cached coin costs nothing; a miss spends from the shared budget and the client's share,
 * `gates`, and is shared by everyone asking). A coin with no figures now says why. With
 * `cachedOnly` (a page rendered for one visitor) no coin's details are fetched: a coin not
 * held is `uncached`.
 */
export async function watchPrices(
  ids: readonly string[],
  currency: Currency,
  deps: {
    caches: MarketCaches
    coins: CoinPages
    gates: readonly CallGate[]
    cachedOnly?: boolean
  },
): Promise<WatchRow[]> {
  const list = await deps.caches.markets[currency].get()
  const listed = new Map(
    v.parse(MarketsResponseSchema, json(list)).map((coin) => [coin.id, coin] as const),
  )
  return Promise.all(
    ids.map(async (id): Promise<WatchRow> => {
      const coin = listed.get(id)
      if (coin) {
        return {
          status: 'priced',
          id,
          name: coin.name,
          symbol: coin.symbol,
          image: coin.image,
          price: coin.current_price,
          change24h: coin.price_change_percentage_24h,
          marketCap: coin.market_cap,
          meta: metaOf(list),
        }
      }
      if (!(await deps.coins.ids.has(id))) {
        return { status: 'missing', id, reason: 'unknown', retryAfterS: 0 }
      }
      try {
        const cache = deps.coins.detail(id)
        const served = deps.cachedOnly ? cache.ready([NO_CALLS]) : await cache.get(deps.gates)
        if (!served) return { status: 'missing', id, reason: 'uncached', retryAfterS: 0 }
        const detail = v.parse(CoinDetailSchema, json(served))
        const market = detail.market_data
        return {
          status: 'priced',
          id,
          name: detail.name,
          symbol: detail.symbol,
          image: detail.image?.small ?? detail.image?.thumb ?? null,
          price: market?.current_price?.[currency],
          change24h: market?.price_change_percentage_24h_in_currency?.[currency],
          marketCap: market?.market_cap?.[currency],
          meta: metaOf(served),
        }
      } catch (error) {
        if (!(error instanceof NoDataError)) throw error
        const retryAfterS = Math.max(1, Math.ceil(error.retryAfterMs / 1000))
        return { status: 'missing', id, reason: REASONS[error.reason], retryAfterS }
      }
    }),
  )
}
