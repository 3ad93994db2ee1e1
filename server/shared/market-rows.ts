import type { Clock } from '../clock'
import type { Db, Queryable } from '../db/client'
import type { SharedRefresh } from '../market/cache'
import { toUpstreamError, type UpstreamFailure, UpstreamError } from '../market/upstream'

// Advisory locks of the market rows: this constant and the key's hash (two-int form).
const LOCK_CLASS = 4_242_002
// How often an instance waiting on another's refresh looks at the row again.
const POLL_MS = 100
// How long to leave the upstream alone after a failure without a Retry-After (as MarketCache).
const FAILURE_BACKOFF_MS = 15_000

type Row = {
  body: string | null
  fetched_at: string | null
  retry_at: string
  failure: string | null
}

async function read(connection: Queryable, key: string): Promise<Row | undefined> {
  const { rows } = await connection.query<Row>(
    'SELECT body, fetched_at, retry_at, failure FROM market_rows WHERE key = $1',
    [key],
  )
  return rows[0]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The market cache shared by the instances on one PostgreSQL, one row per cache key. An instance
 * whose own copy expired reads the row; only when the row is stale too does it call the upstream,
 * and only while it holds the key's advisory lock (`pg_try_advisory_lock`, on the connection of
 * that refresh only), so of all instances one calls. The others look at the row again until the
 * new data is there, or the lock is free (its holder finished, failed, or died: a session's locks
 * end with it) and they take it themselves. The rest learn of new data at their next expiry.
 * A failure is written to the row too, so no other instance calls again before it may.
 */
export function sharedMarketRows(options: {
  db: Db
  clock: Clock
  /** Longest wait on another instance's refresh: its upstream call's timeout, and a second. */
  waitMs: number
}) {
  const { db, clock } = options
  return (key: string, ttlMs: number): SharedRefresh =>
    async (call, signal) => {
      const deadline = performance.now() + options.waitMs
      for (;;) {
        const outcome = await db.session(async (connection) => {
          const shared = usable(await read(connection, key))
          if (shared) return shared
          const { rows } = await connection.query<{ locked: boolean }>(
            'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
            [LOCK_CLASS, key],
          )
          if (!rows[0]?.locked) return null
          try {
            // Another instance may have written the row between our read and our lock.
            return usable(await read(connection, key)) ?? (await refresh(connection))
          } finally {
            await connection
              .query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, key])
              .catch(() => undefined)
          }
        })
        if (outcome) return outcome
        if (signal.aborted || performance.now() > deadline) {
          throw new UpstreamError('timeout', 'another instance’s refresh did not finish in time')
        }
        await sleep(POLL_MS)
      }

      // The row's data while fresh; its failure while its back-off lasts; else null.
      function usable(row: Row | undefined) {
        if (!row) return null
        const now = clock.now()
        if (row.body !== null && row.fetched_at !== null && now - Number(row.fetched_at) < ttlMs) {
          return { json: row.body, fetchedAt: Number(row.fetched_at) }
        }
        const retryAt = Number(row.retry_at)
        if (retryAt > now) {
          throw new UpstreamError(
            (row.failure ?? 'unreachable') as UpstreamFailure,
            'another instance’s upstream call failed',
            retryAt - now,
          )
        }
        return null
      }

      async function refresh(connection: Queryable) {
        let json: string
        try {
          json = await call()
        } catch (error) {
          const failure = toUpstreamError(error)
          const retryAt = clock.now() + (failure.retryAfterMs ?? FAILURE_BACKOFF_MS)
          await connection
            .query(
              `INSERT INTO market_rows (key, retry_at, failure) VALUES ($1, $2, $3)
               ON CONFLICT (key) DO UPDATE SET retry_at = $2, failure = $3`,
              [key, retryAt, failure.kind],
            )
            .catch(() => undefined)
          throw failure
        }
        const fetchedAt = clock.now()
        // Data this instance paid a call for is served even if the database went away meanwhile.
        await connection
          .query(
            `INSERT INTO market_rows (key, body, fetched_at) VALUES ($1, $2, $3)
             ON CONFLICT (key) DO UPDATE SET body = $2, fetched_at = $3, retry_at = 0, failure = NULL`,
            [key, json, fetchedAt],
          )
          .catch(() => undefined)
        return { json, fetchedAt }
      }
    }
}

const DAY_MS = 86_400_000

/**
 * Keeps `market_rows` bounded: rows nobody refreshed for a day go (a coin no one looks at), and
 * beyond `maxRows` the longest unrefreshed ones (a dropped row only costs a call when asked for
 * again, as an in-memory LRU's eviction does). The lists are refreshed every few minutes, so they
 * stay. Answers how many rows it deleted.
 */
export async function sweepMarketRows(db: Db, clock: Clock, maxRows = 10_000): Promise<number> {
  const now = clock.now()
  const { rows } = await db.query<{ n: string }>(
    `WITH gone AS (
       DELETE FROM market_rows WHERE retry_at <= $1 AND (
         coalesce(fetched_at, 0) <= $2
         OR key IN (SELECT key FROM market_rows ORDER BY coalesce(fetched_at, 0) DESC OFFSET $3)
       ) RETURNING 1
     ) SELECT count(*) AS n FROM gone`,
    [now, now - DAY_MS, maxRows],
  )
  return Number(rows[0]?.n ?? 0)
}
