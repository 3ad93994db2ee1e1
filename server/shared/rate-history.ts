import * as v from 'valibot'
import type { Pool } from '../db/client'
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
  return {
    async save({ at, rates }) {
      await db.query(
        `INSERT INTO market_rows (key, body, fetched_at) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO NOTHING`,
        [`${RATE_SNAPSHOT_PREFIX}${Math.floor(at / HOUR_MS)}`, JSON.stringify(rates), at],
      )
    },
    async near(at, windowMs) {
      const { rows } = await db.query<{ body: string; fetched_at: string }>(
        `SELECT body, fetched_at FROM market_rows
         WHERE key LIKE $1 AND fetched_at BETWEEN $2 AND $3
         ORDER BY abs(fetched_at - $4) LIMIT 1`,
        [`${RATE_SNAPSHOT_PREFIX}%`, at - windowMs, at + windowMs, at],
      )
      const row = rows[0]
      if (!row) return null
      const rates = v.safeParse(DollarRatesSchema, JSON.parse(row.body))
      return rates.success ? { at: Number(row.fetched_at), rates: rates.output } : null
    },
  }
}
