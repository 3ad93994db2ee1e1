import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { type Limiters, MAX_KEYS } from './rate-limiter'

const retryAfterS = (endsAt: number, now: number) => Math.max(1, Math.ceil((endsAt - now) / 1000))

/**
 * Limiters on PostgreSQL: one row of `rate_counters` per scope and key, a fixed window that opens
 * at the key's first hit (as RateLimiter). A hit is one statement that counts only while under the
 * limit, so concurrent hits on several instances can never pass it together.
 */
export function postgresLimiters(db: Db, clock: Clock): Limiters {
  return (scope, { limit, windowMs }) => ({
    async hit(key) {
      const now = clock.now()
      const { rows } = await db.query<{ count: number }>(
        `INSERT INTO rate_counters AS c (scope, key, count, ends_at) VALUES ($1, $2, 1, $3 + $4::bigint)
         ON CONFLICT (scope, key) DO UPDATE SET
           count = CASE WHEN c.ends_at <= $3 THEN 1 ELSE c.count + 1 END,
           ends_at = CASE WHEN c.ends_at <= $3 THEN $3 + $4::bigint ELSE c.ends_at END
         WHERE c.ends_at <= $3 OR c.count < $5
         RETURNING count`,
        [scope, key, now, windowMs, limit],
      )
      if (rows.length > 0) return { allowed: true }
      const { rows: open } = await db.query<{ ends_at: string }>(
        'SELECT ends_at FROM rate_counters WHERE scope = $1 AND key = $2',
        [scope, key],
      )
      return { allowed: false, retryAfterS: retryAfterS(Number(open[0]?.ends_at ?? now), now) }
    },
    async release(key) {
      await db.query(
        `UPDATE rate_counters SET count = count - 1
         WHERE scope = $1 AND key = $2 AND count > 0 AND ends_at > $3`,
        [scope, key, clock.now()],
      )
    },
    async reset(key) {
      await db.query('DELETE FROM rate_counters WHERE scope = $1 AND key = $2', [scope, key])
    },
  })
}

/** How often each instance sweeps the counters. */
export const SWEEP_INTERVAL_MS = 60_000

/**
 * Deletes the counters whose window has closed, then, past `maxRows` (a flood of new addresses
 * or emails), those closest to closing: like the in-memory limiters' LRU, that only ever errs
 * towards allowing. Answers how many rows it deleted.
 */
export async function sweepCounters(db: Db, clock: Clock, maxRows = 4 * MAX_KEYS): Promise<number> {
  const { rows: expired } = await db.query<{ n: string }>(
    'WITH gone AS (DELETE FROM rate_counters WHERE ends_at <= $1 RETURNING 1) SELECT count(*) AS n FROM gone',
    [clock.now()],
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
}
