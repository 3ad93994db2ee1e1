import { CURRENCIES, type Currency } from '@contract/currency'

/** A coin's price as one refresh showed it. */
export type SeenPrice = { id: string; name: string; price: number }

/** One refresh's prices in one currency, for whoever watches them (the price alerts). */
export type PriceRefresh = { currency: Currency; prices: SeenPrice[]; at: Date; source: string }
export type PriceListener = (refresh: PriceRefresh) => void

type Row = { id?: unknown; name?: unknown; current_price?: unknown }

const priceOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null

/**
 * A cache's `onData` for rows of `coins/markets` (the price list, a page of the full list, the
 * alerted coins): their prices in `currency`. The JSON is what the cache's schema let through.
 */
export function marketRowsListener(listener: PriceListener, currency: Currency, source: string) {
  return (json: string, fetchedAt: number) => {
    const prices: SeenPrice[] = []
    for (const row of JSON.parse(json) as Row[]) {
      const price = priceOf(row.current_price)
      if (price !== null) prices.push({ id: String(row.id), name: String(row.name), price })
    }
    listener({ currency, prices, at: new Date(fetchedAt), source })
  }
}

type Detail = { id?: unknown; name?: unknown; market_data?: { current_price?: unknown } | null }

/** A cache's `onData` for a coin's details: its price in every offered currency. */
export function coinDetailListener(listener: PriceListener, source: string) {
  return (json: string, fetchedAt: number) => {
    const coin = JSON.parse(json) as Detail
    const current = (coin.market_data?.current_price ?? {}) as Record<string, unknown>
    for (const currency of CURRENCIES) {
      const price = priceOf(current[currency])
      if (price === null) continue
      listener({
        currency,
        prices: [{ id: String(coin.id), name: String(coin.name), price }],
        at: new Date(fetchedAt),
        source,
      })
    }
  }
}
