import * as v from 'valibot'
import type { Pool } from '../db/client'
import { marketRowStore } from '../db/market-rows'
import type { RateHistoryStore } from '../market/rates'

/**
 * The exchange rates' hourly snapshots, as rows of `market_rows` (one key per hour): any instance
 * on the PostgreSQL finds the rates of a day before, however recently it started. The first
 * snapshot of an hour stays; the sweep keeps them two days (sweepMarketRows).
 */
export const RATE_SNAPSHOT_PREFIX = 'exchange_rates@'
const HOUR_MS = 3_600_000

const DollarRatesSchema = v.record(v.string(), v.pipe(v.number(), v.finite(), v.gtValue(0)))

export function sharedRateHistory(db: Pool): RateHistoryStore {
  const rows = marketRowStore(db)
  return {
    save: ({ at, rates }) =>
      rows.writeOnce(
        `${RATE_SNAPSHOT_PREFIX}${Math.floor(at / HOUR_MS)}`,
        JSON.stringify(rates),
        at,
      ),
    async near(at, windowMs) {
      const row = await rows.nearest(RATE_SNAPSHOT_PREFIX, at, at - windowMs, at + windowMs)
      if (!row) return null
      const rates = v.safeParse(DollarRatesSchema, JSON.parse(row.body))
      return rates.success ? { at: Number(row.fetched_at), rates: rates.output } : null
    },
  }
}
