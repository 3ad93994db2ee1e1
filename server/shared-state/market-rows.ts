import type { Clock } from '../clock'
import type { Locks, Pool } from '../db/client'
import { type MarketRow, marketRowStore } from '../db/market-rows'
import type { SharedRefresh } from '../market/cache'
import { type UpstreamFailure, UpstreamError } from '../market/upstream'

// Advisory locks of the market rows: this constant and the key's hash (two-int form).
const LOCK_CLASS = 4_242_002
// How often an instance waiting on another's refresh looks at the row again.
const POLL_MS = 100
// How long to leave the upstream alone after a failure without a Retry-After (as MarketCache).
const FAILURE_BACKOFF_MS = 15_000
// How long a refresh waits for one of this instance's refresh slots before it is refused (as
// a spent budget is: the caller says "try again in 1 s").
const SLOT_WAIT_MS = 1000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * How many shared refreshes one instance runs at once: each takes a market connection for one
 * statement at a time, so with no more refreshes than that pool has connections, none of their
 * statements waits for one. A refresh that finds no slot within `SLOT_WAIT_MS` is refused.
 */
export class RefreshSlots {
  readonly max: number
  #running = 0
  readonly #waiting: (() => void)[] = []

  constructor(max: number) {
    this.max = max
  }

  /** Runs `work` in a slot, or throws `rate_limited` when none freed in time. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.max && !(await this.#freed())) {
      throw new UpstreamError(
        'rate_limited',
        'this instance is refreshing all it may at once',
        1000,
      )
    }
    this.#running++
    try {
      return await work()
    } finally {
      this.#running--
      this.#waiting.shift()?.()
    }
  }

  #freed(): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(wake), 1)
        resolve(false)
      }, SLOT_WAIT_MS)
      const wake = () => {
        clearTimeout(timer)
        resolve(true)
      }
      this.#waiting.push(wake)
    })
  }
}

/**
 * The market cache shared by the instances on one PostgreSQL, one row per cache key. An instance
 * whose own copy expired reads the row; only when the row is stale too does it call the upstream,
 * and only while it holds the key's advisory lock, so of all instances one calls. The lock lives
 * on the instance's lock connection (`db.locks`), never on a pooled one: reads, the budget and
 * the row's write each take a market connection for one statement or one short transaction, and
 * none is held across the upstream call. The others look at the row again until the new data is
 * there, or the lock is free (its holder finished, failed, or died: a session's locks end with
 * it) and they take it themselves. The rest learn of new data at their next expiry. A failure of
 * the upstream is written to the row too, so no other instance calls again before it may.
 */
export function sharedMarketRows(options: {
  db: Pool
  locks: Locks
  clock: Clock
  slots: RefreshSlots
  /** Longest wait on another instance's refresh: its upstream call's timeout, and a second. */
  waitMs: number
}) {
  const { locks, clock, slots } = options
  const rows = marketRowStore(options.db)
  return (key: string, ttlMs: number): SharedRefresh =>
    (call, signal) =>
      slots.run(async () => {
        const deadline = performance.now() + options.waitMs
        for (;;) {
          const shared = usable(await rows.read(key))
          if (shared) return shared
          if (await locks.tryLock(LOCK_CLASS, key)) {
            try {
              // Another instance may have written the row between our read and our lock.
              return usable(await rows.read(key)) ?? (await refresh())
            } finally {
              await locks.unlock(LOCK_CLASS, key).catch(() => undefined)
            }
          }
          if (signal.aborted || performance.now() > deadline) {
            throw new UpstreamError('timeout', 'another instance’s refresh did not finish in time')
          }
          await sleep(POLL_MS)
        }

        // The row's data while fresh; its failure while its back-off lasts; else null.
        function usable(row: MarketRow | undefined) {
          if (!row) return null
          const now = clock.now()
          if (
            row.body !== null &&
            row.fetched_at !== null &&
            now - Number(row.fetched_at) < ttlMs
          ) {
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

        async function refresh() {
          let json: string
          try {
            json = await call()
          } catch (error) {
            // Only the upstream's own failure (or the budget's refusal) holds every instance
            // off; a database error on the way is this instance's trouble alone.
            if (!(error instanceof UpstreamError)) throw error
            const retryAt = clock.now() + (error.retryAfterMs ?? FAILURE_BACKOFF_MS)
            await rows.writeFailure(key, retryAt, error.kind).catch(() => undefined)
            throw error
          }
          const fetchedAt = clock.now()
          // Data this instance paid a call for is served even if the database went away meanwhile.
          await rows.write(key, json, fetchedAt).catch(() => undefined)
          return { json, fetchedAt }
        }
      })
}

const DAY_MS = 86_400_000

/**
 * Keeps `market_rows` bounded: rows nobody refreshed for a day go (a coin no one looks at), and
 * beyond `maxRows` the longest unrefreshed ones (a dropped row only costs a call when asked for
 * again, as an in-memory LRU's eviction does). The lists are refreshed every few minutes, so they
 * stay. Answers how many rows it deleted.
 */
export function sweepMarketRows(db: Pool, clock: Clock, maxRows = 10_000): Promise<number> {
  const now = clock.now()
  return marketRowStore(db).sweep(now, now - DAY_MS, maxRows)
}
