// Alerts in a currency the upstream does not price in: checked against the dollar price at the
// exchange rate the server holds, read from the rates' one shared cache (no call of their own).

import type { ConvertedCurrency } from '@contract/currency'
import type { Served } from '../market/cache'
import type { ExchangeRates } from '../market/rates'

/** A converted currency's rate as alerts use it: units for one US dollar, and when it was given. */
export type HeldRate = { perUsd: number; at: Date }

/**
 * The oldest rate an alert is checked at. The upstream gives new rates every five minutes; one
 * held longer than this (the upstream away) may no longer say what the price is, and an alert
 * fired on it would be wrong: such an alert waits for a newer rate.
 */
export const RATE_MAX_AGE_MS = 60 * 60_000

/**
 * Whether rates the server holds may decide an alert: the upstream's own (never the bundled
 * sample, which is no rate of today) and no older than `RATE_MAX_AGE_MS`.
 */
export function usableRates(served: Pick<Served, 'source' | 'updatedAt'>, now: number): boolean {
  return served.source !== 'sample' && now - served.updatedAt.getTime() <= RATE_MAX_AGE_MS
}

/** Prices in dollars, in the currency at `perUsd` units for one dollar. */
export function inCurrency<Q extends { price: number }>(
  prices: ReadonlyMap<string, Q>,
  perUsd: number,
): Map<string, Q> {
  return new Map([...prices].map(([id, quote]) => [id, { ...quote, price: quote.price * perUsd }]))
}

/**
 * The rate alerts in `currency` are checked at now, or null when none may decide them. Reading
 * keeps the rates current as a visitor's read does: a stale cache starts its one shared refresh,
 * an empty one its first; both spend from the lists' share of the budget, once per TTL at most.
 */
export function alertRate(
  rates: ExchangeRates,
  currency: ConvertedCurrency,
  now: number,
): HeldRate | null {
  const served = rates.cache.ready()
  if (!served) {
    void rates.cache.refresh()
    return null
  }
  if (!usableRates(served, now)) return null
  const rate = rates.rate(currency)
  return rate && { perUsd: rate.now, at: served.updatedAt }
}
