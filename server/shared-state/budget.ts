import type { Clock } from '../clock'
import type { Pool } from '../db/client'
import { type UpstreamCallStore, upstreamCallStore } from '../db/upstream-calls'
import {
  type BudgetUse,
  budgetWaitMs,
  type CallerKind,
  MINUTE_MS,
  marketsCaller,
  reservedForLists,
} from '../market/budget'
import { type Upstream, UpstreamError } from '../market/upstream'

/**
 * The upstream call budget of a whole deployment, on its PostgreSQL: the calls of the last minute
 * are rows of `upstream_calls`, and taking one is a transaction under an advisory lock, so two
 * instances can never both take the last call. Same rule as one instance's (`budgetWaitMs`).
 */
export class SharedBudget implements BudgetUse {
  readonly callsPerMin: number
  readonly reserved: number
  readonly #calls: UpstreamCallStore<CallerKind>
  readonly #clock: Clock

  constructor(options: { db: Pool; callsPerMin: number; clock: Clock }) {
    this.#calls = upstreamCallStore(options.db)
    this.callsPerMin = options.callsPerMin
    this.reserved = reservedForLists(options.callsPerMin)
    this.#clock = options.clock
  }

  /** Spends a call of `kind` and answers 0, or spends nothing and answers how long to wait. */
  take(kind: CallerKind): Promise<number> {
    const window = { now: () => this.#clock.now(), windowMs: MINUTE_MS }
    return this.#calls.take(kind, window, (calls, now) =>
      budgetWaitMs(calls, kind, this.callsPerMin, now),
    )
  }

  async used(): Promise<Record<CallerKind, number>> {
    const counts = await this.#calls.countSince(this.#clock.now() - MINUTE_MS)
    const of = (kind: CallerKind) => counts.find((count) => count.kind === kind)?.calls ?? 0
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
  }
}
