import type { Pool } from './client'

/** One cache key's row: its data and when it was fetched, or the failure that holds callers off. */
export type MarketRow = {
  body: string | null
  fetched_at: string | null
  retry_at: string
  failure: string | null
}

/**
 * `market_rows`: the market cache shared by the instances on one PostgreSQL, one row per cache
 * key. Each call is one statement, so it holds a market connection for that statement only.
 */
export type MarketRowStore = {
  read(key: string): Promise<MarketRow | undefined>
  /** Stores fresh data, clearing any failure. */
  write(key: string, body: string, fetchedAt: number): Promise<void>
  /** Records a failure that holds every instance off until `retryAt`; the data stays. */
  writeFailure(key: string, retryAt: number, failure: string): Promise<void>
  /**
   * Deletes the rows not refreshed since `staleBefore`, then beyond `maxRows` the longest
   * unrefreshed ones, sparing rows whose failure still holds callers off. Answers how many.
   */
  sweep(now: number, staleBefore: number, maxRows: number): Promise<number>
}

export function marketRowStore(db: Pool): MarketRowStore {
  return {
    async read(key) {
      const { rows } = await db.query<MarketRow>(
        'SELECT body, fetched_at, retry_at, failure FROM market_rows WHERE key = $1',
        [key],
      )
      return rows[0]
    },
    async write(key, body, fetchedAt) {
      await db.query(
        `INSERT INTO market_rows (key, body, fetched_at) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET body = $2, fetched_at = $3, retry_at = 0, failure = NULL`,
        [key, body, fetchedAt],
      )
    },
    async writeFailure(key, retryAt, failure) {
      await db.query(
        `INSERT INTO market_rows (key, retry_at, failure) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET retry_at = $2, failure = $3`,
        [key, retryAt, failure],
      )
    },
    async sweep(now, staleBefore, maxRows) {
      const { rows } = await db.query<{ n: string }>(
        `WITH gone AS (
           DELETE FROM market_rows WHERE retry_at <= $1 AND (
             coalesce(fetched_at, 0) <= $2
             OR key IN (SELECT key FROM market_rows ORDER BY coalesce(fetched_at, 0) DESC OFFSET $3)
           ) RETURNING 1
         ) SELECT count(*) AS n FROM gone`,
        [now, staleBefore, maxRows],
      )
      return Number(rows[0]?.n ?? 0)
    },
  }
}
