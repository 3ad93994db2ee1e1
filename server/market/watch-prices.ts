import { type Currency, isUpstreamCurrency } from '@contract/currency'
import type { DataSource } from '@contract/data-meta'
import { type NoPriceReason, pricedRow, type WatchRow } from '@contract/watchlist'
import type { CallGate } from './budget'
import { type DataStamp, NoDataError } from './cache'
import type { MarketFacts } from './facts'
import type { CoinPages } from './coins'
import { percentIn } from './convert'
import { ConvertedCache } from './converted-cache'
import type { MarketCaches } from './service'

const metaOf = (served: DataStamp) => ({
  source: (served.source === 'live' ? 'cache' : served.source) satisfies DataSource,
  updatedAt: served.updatedAt.toISOString(),
})

const REASONS: Record<NoDataError['reason'], NoPriceReason> = {
  busy: 'busy',
  limited: 'limited',
  failed: 'offline',
  not_found: 'unknown',
}

/**
 * The rows of a watchlist in `currency`, from what the server holds: each coin's figures by the
 * facts' rule (any real answer the server had: the price lists, the full list's pages, details),
 * then the price list's sample for a coin never seen in a real answer, then each other coin's
 * details as its page would get them (a cached coin costs nothing; a miss spends from the shared
 * budget and the client's share, `gates`, and is shared by everyone asking). A coin with no
 * figures now says why. With `cachedOnly` (a page rendered for one visitor) no coin's details
 * are fetched: a coin not held is `uncached`.
 */
export async function watchPrices(
  ids: readonly string[],
  currency: Currency,
  deps: {
    caches: MarketCaches
    coins: CoinPages
    facts: MarketFacts
    gates: readonly CallGate[]
    cachedOnly?: boolean
  },
): Promise<WatchRow[]> {
  if (!isUpstreamCurrency(currency)) return convertedRows(ids, currency, deps)
  // The price list, as every visitor gets it: real, it is in the facts; the sample, read here.
  const list = await deps.caches.markets[currency].get()
  const samples =
    list.source === 'sample' ? new Map(list.data.map((coin) => [coin.id, coin] as const)) : null
  return Promise.all(
    ids.map(async (id): Promise<WatchRow> => {
      const held = deps.facts.get(id, currency)
      if (held) return pricedRow(held.coin, metaOf(held.stamp))
      const sample = samples?.get(id)
      if (sample) return pricedRow(sample, metaOf(list))
      if (!(await deps.coins.ids.has(id))) {
        return { status: 'missing', id, reason: 'unknown', retryAfterS: 0 }
      }
      try {
        const served = deps.cachedOnly
          ? deps.coins.heldDetail(id)
          : await deps.coins.shownDetail(id, deps.gates)
        if (!served) return { status: 'missing', id, reason: 'uncached', retryAfterS: 0 }
        const detail = served.data
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

/**
 * The rows in a currency the upstream is not asked in: the dollar rows, at the held rate, each
 * saying so (`meta.conversion`, as the converted price list's answer does).
 */
async function convertedRows(
  ids: readonly string[],
  currency: Currency,
  deps: Parameters<typeof watchPrices>[2],
): Promise<WatchRow[]> {
  const list = deps.caches.markets[currency]
  // Reading the converted list waits for the rates on a cold cache, as the list's own read does.
  const served = await list.get().catch(() => undefined)
  const rate = list instanceof ConvertedCache ? list.rate() : null
  const conversion = served?.conversion
  const rows = await watchPrices(ids, 'usd', deps)
  return rows.map((row): WatchRow => {
    if (row.status !== 'priced') return row
    if (!rate) return { status: 'missing', id: row.id, reason: 'offline', retryAfterS: 60 }
    const times = (value: number | null | undefined) =>
      typeof value === 'number' ? value * rate.now : value
    return {
      ...row,
      price: times(row.price),
      marketCap: times(row.marketCap),
      change24h: percentIn(row.change24h, rate),
      meta: conversion ? { ...row.meta, conversion } : row.meta,
    }
  })
}
