import { inTransaction, type Pool } from './client'

// Names "the budget's lock" (pg_advisory_xact_lock); the migration lock is 4_242_001.
const LOCK_ID = 4_242_003

/** One upstream call of the last window: when (epoch ms), and which caller's share it spent. */
export type UpstreamCall<K extends string> = { at: number; kind: K }

/**
 * `upstream_calls`: the upstream calls of a whole deployment's last window, one row each. Taking
 * a call is a transaction under an advisory lock, so two instances never both take the last one.
 */
export type UpstreamCallStore<K extends string> = {
  /**
   * Under the lock, reads the time, forgets the calls older than `windowMs`, hands the rest to
   * `waitMs`, and records a call of `kind` when it answers 0. Answers what `waitMs` did.
   */
  take(
    kind: K,
    window: { now: () => number; windowMs: number },
    waitMs: (calls: UpstreamCall<K>[], now: number) => number,
  ): Promise<number>
  /** How many calls each kind made after `since`. */
  countSince(since: number): Promise<{ kind: K; calls: number }[]>
}

export function upstreamCallStore<K extends string>(db: Pool): UpstreamCallStore<K> {
  return {
    take(kind, window, waitMs) {
      return inTransaction(db, async (connection) => {
        await connection.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID])
        // The time is read once the lock is held: a call waiting for it is counted when it goes.
        const now = window.now()
        // Forgetting the calls past their window here keeps the table at one window's rows.
        await connection.query('DELETE FROM upstream_calls WHERE at <= $1', [now - window.windowMs])
        const { rows } = await connection.query<{ at: string; kind: K }>(
          'SELECT at, kind FROM upstream_calls ORDER BY at',
        )
        const wait = waitMs(
          rows.map((row) => ({ at: Number(row.at), kind: row.kind })),
          now,
        )
        if (wait === 0) {
          await connection.query('INSERT INTO upstream_calls (at, kind) VALUES ($1, $2)', [
            now,
            kind,
          ])
        }
        return wait
      })
    },
    async countSince(since) {
      const { rows } = await db.query<{ kind: K; calls: string }>(
        'SELECT kind, count(*) AS calls FROM upstream_calls WHERE at > $1 GROUP BY kind',
        [since],
      )
      return rows.map((row) => ({ kind: row.kind, calls: Number(row.calls) }))
    },
  }
}
