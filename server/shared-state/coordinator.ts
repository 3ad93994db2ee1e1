import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { type MissLimiter, sharedMissLimiter } from '../limits/miss-limiter'
import {
  type LimiterOptions,
  type Limiters,
  memoryLimiters,
  RateLimiter,
} from '../limits/rate-limiter'
import type { Logger } from '../logger'
import type { SharedMarket } from '../market/service'
import { budgetedUpstream, SharedBudget } from './budget'
import { postgresLimiters, SWEEP_INTERVAL_MS, sweepCounters } from './limiters'
import { RefreshSlots, sharedMarketRows, sweepMarketRows } from './market-rows'

/**
 * Where the state that must hold for the whole deployment lives. On PGlite (one instance) that is
 * this process's memory, exactly as without it: in-memory limiters, and no shared market (each
 * cache and the budget stay in memory). On PostgreSQL (`DATABASE_URL`, any number of instances)
 * it is the database: limiters' counters, market rows, the call budget.
 */
export type Coordinator = {
  limiters: Limiters
  /** The coin pages' per-client miss limit, which must answer without a round trip. */
  missLimiter: (scope: string, options: LimiterOptions) => MissLimiter
  /** Null when this instance is alone (the market cache and budget stay in memory). */
  market: SharedMarket | null
  close(): void
}

export function createCoordinator(deps: {
  db: Db
  clock: Clock
  logger: Logger
  callsPerMin: number
  upstreamTimeoutMs: number
  /** The market pool's connections: as many refreshes run at once, at most. */
  marketPoolSize: number
}): Coordinator {
  const { db, clock, logger } = deps
  if (db.kind === 'pglite' || !db.locks) {
    return {
      limiters: memoryLimiters(clock),
      missLimiter: (_scope, options) => new RateLimiter({ ...options, clock }),
      market: null,
      close: () => undefined,
    }
  }
  // Every instance sweeps, so the tables stay bounded whichever instances run; a sweep finding
  // nothing is a few indexed statements.
  const sweep = setInterval(() => {
    Promise.all([sweepCounters(db, clock), sweepMarketRows(db.market, clock)]).catch(
      (error: unknown) =>
        logger.warn({ error: (error as Error).message }, 'sweeping shared tables failed'),
    )
  }, SWEEP_INTERVAL_MS)
  sweep.unref()
  const limiters = postgresLimiters(db, clock)
  const budget = new SharedBudget({ db: db.market, callsPerMin: deps.callsPerMin, clock })
  return {
    limiters,
    missLimiter: (scope, options) =>
      sharedMissLimiter({
        local: new RateLimiter({ ...options, clock }),
        shared: limiters(scope, options),
        clock,
        logger,
      }),
    // The market's rows and budget on its own connections: a burst of refreshes never makes a
    // sign-in or a session wait for one (server/db/client.ts).
    market: {
      rows: sharedMarketRows({
        db: db.market,
        locks: db.locks,
        clock,
        slots: new RefreshSlots(deps.marketPoolSize),
        waitMs: deps.upstreamTimeoutMs + 1000,
      }),
      budget,
      budgeted: (upstream) => budgetedUpstream(upstream, budget),
    },
    close: () => clearInterval(sweep),
  }
}
