import { Hono } from 'hono'
import type { Clock } from '../clock'
import { type AppEnv, isDirectLoopback } from '../context'
import { type Db, ping } from '../db/client'
import { apiError } from '../errors'
import type { Logger } from '../logger'
import type { CacheState } from '../market/cache'
import type { BudgetUse } from '../market/budget'
import type { CoinPages } from '../market/coins'
import type { MarketCaches } from '../market/service'
import type { RenderStats } from '../site/pages'

const DB_CHECK_TIMEOUT_MS = 2000
// However often anyone asks, the database is checked once a second at most.
const PUBLIC_CHECK_MS = 1000

type DatabaseCheck = { state: 'ok' | 'error'; latencyMs: number; error?: unknown }

async function checkDatabase(db: Db): Promise<DatabaseCheck> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS)
  })
  try {
    await Promise.race([ping(db), timeout])
    return { state: 'ok', latencyMs: Math.round(performance.now() - started) }
  } catch (error) {
    return { state: 'error', latencyMs: Math.round(performance.now() - started), error }
  } finally {
    clearTimeout(timer)
  }
}

export type HealthDeps = {
  db: Db
  caches: MarketCaches
  coins: CoinPages
  budget: BudgetUse
  logger: Logger
  clock: Clock
  /** Who may read `/detail` (`HEALTH_DETAIL`): callers on this machine, or nobody. */
  detail: 'loopback' | 'off'
  /** The coin renders kept (server/site/pages.ts); null without rendered pages. */
  renders: () => RenderStats | null
  /** Refreshes whose prices wait for the price alerts' evaluation (server/alerts/watch.ts). */
  alertsPending: () => number
  /** The coins search has indexed (server/search/coin-search.ts). */
  searchIndex: () => { coins: number }
}

/**
 * `GET /` is the load balancer's: `{status}` only, 200 while the database answers, whatever the
 * upstream does (the site then serves stale or sample data), 503 without it. It is public, so it
 * is computed once a second at most and says nothing else: the upstream's calls and failures
 * would tell anyone when the budget is spent. That detail goes to the log when the status is
 * unavailable or comes back, and to `GET /detail`, answered only to a caller on this machine that
 * came through no proxy (`HEALTH_DETAIL=loopback`, the default; `off`: nobody). Neither names the
 * database engine or an upstream's error text; the log has those.
 */
export function healthRoutes(deps: HealthDeps) {
  const { clock, logger } = deps
  const upstream = (state: CacheState) => ({
    ...state,
    lastFailure: state.lastFailure && { kind: state.lastFailure.kind, at: state.lastFailure.at },
  })

  /** What is known without asking the database again (the log's detail). */
  function snapshot(check: DatabaseCheck) {
    const { error: _, ...database } = check
    return {
      status: check.state === 'ok' ? ('ok' as const) : ('unavailable' as const),
      database,
      upstream: {
        markets: upstream(deps.caches.markets.usd.state()),
        trending: upstream(deps.caches.trending.state()),
        global: upstream(deps.caches.global.state()),
        coinList: deps.coins.ids.state(),
        coinCaches: deps.coins.size,
        callsLastMinute: { limit: deps.budget.callsPerMin, reservedForLists: deps.budget.reserved },
      },
      coinRenders: deps.renders(),
      alerts: { pendingRefreshes: deps.alertsPending() },
      searchIndex: deps.searchIndex(),
    }
  }

  /** The snapshot with the calls of the last minute, which may be the database's to count. */
  async function detail(check: DatabaseCheck) {
    const body = snapshot(check)
    const used = await Promise.resolve()
      .then(() => deps.budget.used())
      .catch(() => null)
    body.upstream.callsLastMinute = { ...used, ...body.upstream.callsLastMinute }
    return body
  }

  let wasOk = true
  function logChange(check: DatabaseCheck) {
    const ok = check.state === 'ok'
    if (ok && wasOk) return
    wasOk = ok
    const fields = { engine: deps.db.kind, err: check.error, health: snapshot(check) }
    if (ok) logger.info(fields, 'health check: available again')
    else logger.warn(fields, 'health check: the database failed')
  }

  let last: { check: Promise<DatabaseCheck>; doneAt: number | null } | null = null
  /** The public check: one at a time, its answer kept for a second. */
  function publicCheck(): Promise<DatabaseCheck> {
    if (last && (last.doneAt === null || clock.now() - last.doneAt < PUBLIC_CHECK_MS)) {
      return last.check
    }
    const entry: NonNullable<typeof last> = {
      check: checkDatabase(deps.db).then((check) => {
        entry.doneAt = clock.now()
        logChange(check)
        return check
      }),
      doneAt: null,
    }
    last = entry
    return entry.check
  }

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const ok = (await publicCheck()).state === 'ok'
      c.header('Cache-Control', 'no-store')
      return c.json({ status: ok ? 'ok' : 'unavailable' }, ok ? 200 : 503)
    })
    .get('/detail', async (c) => {
      if (deps.detail === 'off' || !isDirectLoopback(c)) throw apiError('not_found')
      const body = await detail(await checkDatabase(deps.db))
      c.header('Cache-Control', 'no-store')
      return c.json(body, body.status === 'ok' ? 200 : 503)
    })
}
