import type { Queryable } from './client'

/** A hit's outcome: counted, or refused until the key's window ends (epoch ms). */
export type CounterHit = { counted: true } | { counted: false; endsAt: number }

/**
 * `rate_counters`: one row per scope and key, a fixed window that opens at the key's first hit.
 * Times are epoch milliseconds, so the caller's clock decides.
 */
export type RateCounterStore = {
  /**
   * Counts a hit while the key is under `limit` in its window (a closed window opens a new one).
   * One statement, so concurrent hits on several instances can never pass the limit together.
   */
  hit(hit: {
    scope: string
    key: string
    now: number
    windowMs: number
    limit: number
  }): Promise<CounterHit>
  /** Gives back one hit of an open window (never below zero). */
  release(scope: string, key: string, now: number): Promise<void>
  reset(scope: string, key: string): Promise<void>
  /**
   * Deletes the counters whose window has closed, then, past `maxRows`, those closest to
   * closing. Answers how many rows it deleted.
   */
  sweep(now: number, maxRows: number): Promise<number>
}

export function rateCounterStore(db: Queryable): RateCounterStore {
  return {
    async hit({ scope, key, now, windowMs, limit }) {
      const { rows } = await db.query<{ count: number }>(
        `INSERT INTO rate_counters AS c (scope, key, count, ends_at) VALUES ($1, $2, 1, $3 + $4::bigint)
         ON CONFLICT (scope, key) DO UPDATE SET
           count = CASE WHEN c.ends_at <= $3 THEN 1 ELSE c.count + 1 END,
           ends_at = CASE WHEN c.ends_at <= $3 THEN $3 + $4::bigint ELSE c.ends_at END
         WHERE c.ends_at <= $3 OR c.count < $5
         RETURNING count`,
        [scope, key, now, windowMs, limit],
      )
      if (rows.length > 0) return { counted: true }
      const { rows: open } = await db.query<{ ends_at: string }>(
        'SELECT ends_at FROM rate_counters WHERE scope = $1 AND key = $2',
        [scope, key],
      )
      return { counted: false, endsAt: Number(open[0]?.ends_at ?? now) }
    },
    async release(scope, key, now) {
      await db.query(
        `UPDATE rate_counters SET count = count - 1
         WHERE scope = $1 AND key = $2 AND count > 0 AND ends_at > $3`,
        [scope, key, now],
      )
    },
    async reset(scope, key) {
      await db.query('DELETE FROM rate_counters WHERE scope = $1 AND key = $2', [scope, key])
    },
    async sweep(now, maxRows) {
      const { rows: expired } = await db.query<{ n: string }>(
        'WITH gone AS (DELETE FROM rate_counters WHERE ends_at <= $1 RETURNING 1) SELECT count(*) AS n FROM gone',
        [now],
      )
      const { rows: over } = await db.query<{ n: string }>(
        `WITH gone AS (
           DELETE FROM rate_counters WHERE (scope, key) IN (
             SELECT scope, key FROM rate_counters ORDER BY ends_at
             LIMIT greatest(0, (SELECT count(*) FROM rate_counters) - $1)
           ) RETURNING 1
         ) SELECT count(*) AS n FROM gone`,
        [maxRows],
      )
      return Number(expired[0]?.n ?? 0) + Number(over[0]?.n ?? 0)
    },
  }
}
