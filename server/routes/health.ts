import { Hono } from 'hono'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import type { MarketCaches } from '../market/service'

const DB_CHECK_TIMEOUT_MS = 2000

async function checkDatabase(db: Db): Promise<{ state: 'ok' | 'error'; latencyMs: number }> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS)
  })
  try {
    await Promise.race([db.query('SELECT 1'), timeout])
    return { state: 'ok', latencyMs: Math.round(performance.now() - started) }
  } catch {
    return { state: 'error', latencyMs: Math.round(performance.now() - started) }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * 200 while the database answers, whatever the upstream does (the site then serves stale or
 * sample data); 503 without a database, so a load balancer takes the instance out.
 */
export function healthRoutes(deps: { db: Db; caches: MarketCaches }) {
  const health = new Hono<AppEnv>()
  health.get('/', async (c) => {
    const database = await checkDatabase(deps.db)
    const ok = database.state === 'ok'
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        status: ok ? 'ok' : 'unavailable',
        database: { engine: deps.db.kind, ...database },
        upstream: { markets: deps.caches.markets.state(), trending: deps.caches.trending.state() },
      },
      ok ? 200 : 503,
    )
  })
  return health
}
