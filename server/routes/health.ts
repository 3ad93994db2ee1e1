import { Hono } from 'hono'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import type { Logger } from '../logger'
import type { CacheState } from '../market/cache'
import type { BudgetUse } from '../market/budget'
import type { CoinPages } from '../market/coins'
import type { MarketCaches } from '../market/service'

const DB_CHECK_TIMEOUT_MS = 2000

async function checkDatabase(
  db: Db,
): Promise<{ state: 'ok' | 'error'; latencyMs: number; error?: unknown }> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS)
  })
  try {
    await Promise.race([db.query('SELECT 1'), timeout])
    return { state: 'ok', latencyMs: Math.round(performance.now() - started) }
  } catch (error) {
    return { state: 'error', latencyMs: Math.round(performance.now() - started), error }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * 200 while the database answers, whatever the upstream does (the site then serves stale or
 * sample data); 503 without a database, so a load balancer takes the instance out. The answer is
 * public: it names no database engine and no upstream error text; those go to the log.
 */
export function healthRoutes(deps: {
  db: Db
  caches: MarketCaches
  coins: CoinPages
  budget: BudgetUse
  logger: Logger
}) {
  const health = new Hono<AppEnv>()
  const upstream = (state: CacheState) => ({
    ...state,
    lastFailure: state.lastFailure && { kind: state.lastFailure.kind, at: state.lastFailure.at },
  })
  health.get('/', async (c) => {
    const { error, ...database } = await checkDatabase(deps.db)
    const ok = database.state === 'ok'
    // The deployment's budget is in the database: without it there is no count to show.
    const used = await Promise.resolve()
      .then(() => deps.budget.used())
      .catch(() => null)
    if (!ok)
      deps.logger.warn({ engine: deps.db.kind, err: error }, 'health check: the database failed')
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        status: ok ? 'ok' : 'unavailable',
        database,
        upstream: {
          markets: upstream(deps.caches.markets.usd.state()),
          trending: upstream(deps.caches.trending.state()),
          global: upstream(deps.caches.global.state()),
          coinList: deps.coins.ids.state(),
          coinCaches: deps.coins.size,
          callsLastMinute: {
            ...used,
            limit: deps.budget.callsPerMin,
            reservedForLists: deps.budget.reserved,
          },
        },
      },
      ok ? 200 : 503,
    )
  })
  return health
}
