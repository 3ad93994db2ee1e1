import type { Clock } from '../clock'
import type { Pool } from '../db/client'
import {
  type BudgetUse,
  budgetWaitMs,
  type CallerKind,
  MINUTE_MS,
  marketsCaller,
  reservedForLists,
} from '../market/budget'
import { type Upstream, UpstreamError } from '../market/upstream'

// Names "the budget's lock" (pg_advisory_xact_lock); the migration lock is 4_242_001.
const LOCK_ID = 4_242_003

/**
 * The upstream call budget of a whole deployment, on its PostgreSQL: the calls of the last minute
 * are rows of `upstream_calls`, and taking one is a transaction under an advisory lock, so two
 * instances can never both take the last call. Same rule as one instance's (`budgetWaitMs`).
 */
export class SharedBudget implements BudgetUse {
  readonly callsPerMin: number
  readonly reserved: number
  readonly #db: Pool
  readonly #clock: Clock

  constructor(options: { db: Pool; callsPerMin: number; clock: Clock }) {
    this.#db = options.db
    this.callsPerMin = options.callsPerMin
    this.reserved = reservedForLists(options.callsPerMin)
    this.#clock = options.clock
  }

  /** Spends a call of `kind` and answers 0, or spends nothing and answers how long to wait. */
  take(kind: CallerKind): Promise<number> {
    return this.#db.session(async (connection) => {
      await connection.exec('BEGIN')
      try {
        await connection.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID])
        const now = this.#clock.now()
        // Forgetting the calls past their minute here keeps the table at callsPerMin rows.
        await connection.query('DELETE FROM upstream_calls WHERE at <= $1', [now - MINUTE_MS])
        const { rows } = await connection.query<{ at: string; kind: CallerKind }>(
          'SELECT at, kind FROM upstream_calls ORDER BY at',
        )
        const calls = rows.map((row) => ({ at: Number(row.at), kind: row.kind }))
        const waitMs = budgetWaitMs(calls, kind, this.callsPerMin, now)
        if (waitMs === 0) {
          await connection.query('INSERT INTO upstream_calls (at, kind) VALUES ($1, $2)', [
            now,
            kind,
          ])
        }
        await connection.exec('COMMIT')
        return waitMs
      } catch (error) {
        await connection.exec('ROLLBACK').catch(() => undefined)
        throw error
      }
    })
  }

  async used(): Promise<Record<CallerKind, number>> {
    const { rows } = await this.#db.query<{ kind: CallerKind; calls: string }>(
      'SELECT kind, count(*) AS calls FROM upstream_calls WHERE at > $1 GROUP BY kind',
      [this.#clock.now() - MINUTE_MS],
    )
    const of = (kind: CallerKind) => Number(rows.find((row) => row.kind === kind)?.calls ?? 0)
    return { lists: of('lists'), coins: of('coins') }
  }
}

/**
 * The upstream, each call first spending from the deployment's budget: a refusal is the failure
 * an upstream 429 is (`rate_limited`, with when to ask again), so the caches treat it the same.
 */
export function budgetedUpstream(upstream: Upstream, budget: SharedBudget): Upstream {
  const take = async (kind: CallerKind) => {
    const waitMs = await budget.take(kind)
    if (waitMs > 0) {
      throw new UpstreamError(
        'rate_limited',
        "the deployment's upstream call budget is spent",
        waitMs,
      )
    }
  }
  const spent =
    <A extends unknown[], R>(kind: CallerKind, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await take(kind)
      return call(...args)
    }
  return {
    markets: async (currency, signal) => {
      await take(marketsCaller(currency))
      return upstream.markets(currency, signal)
    },
    // The full list's pages spend the coin pages' share, whatever the page or currency.
    marketList: spent('coins', upstream.marketList),
    marketsOf: spent('coins', upstream.marketsOf),
    global: spent('lists', upstream.global),
    trending: spent('lists', upstream.trending),
    coin: spent('coins', upstream.coin),
    marketChart: spent('coins', upstream.marketChart),
    coinList: spent('coins', upstream.coinList),
    exchangeRates: spent('lists', upstream.exchangeRates),
  }
}
