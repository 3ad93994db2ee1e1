import { type Context, Hono } from 'hono'
import { MARKETS_PARAMS } from '../../src/features/market/schemas'
import type { AppEnv } from '../context'
import { apiError } from '../errors'
import type { MarketCache } from '../market/cache'
import type { MarketCaches } from '../market/service'

type Params = Readonly<Record<string, string | number | boolean>>

/**
 * Exactly the query the site sends, nothing more or less: these routes forward to an API that
 * bills by request, so they must not become an open proxy.
 */
function exactQuery(c: Context<AppEnv>, expected: Params): void {
  const given = c.req.queries()
  const keys = Object.keys(expected)
  const matches =
    Object.keys(given).length === keys.length &&
    keys.every((key) => {
      const values = given[key]
      return values?.length === 1 && values[0] === String(expected[key])
    })
  if (!matches) {
    const wanted = new URLSearchParams(Object.entries(expected).map(([k, v]) => [k, String(v)]))
    throw apiError('unsupported_parameters', {
      message: keys.length
        ? `This endpoint only accepts the query ?${wanted}.`
        : 'This endpoint takes no query parameters.',
    })
  }
}

async function reply(cache: MarketCache<unknown>): Promise<Response> {
  const served = await cache.get()
  const ttlS = Math.round(cache.ttlMs / 1000)
  // Shared caches (a CDN) may keep fresh data for what is left of its TTL, anything else briefly.
  const sMaxAge = served.freshForS > 0 ? served.freshForS : 5
  return new Response(served.body, {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${ttlS}`,
      'X-Data-Source': served.source,
      'X-Data-Updated-At': served.updatedAt.toISOString(),
    },
  })
}

const onlyGet = () => {
  throw apiError('method_not_allowed', { headers: { Allow: 'GET, HEAD' } })
}

export function marketRoutes(caches: MarketCaches) {
  const market = new Hono<AppEnv>()
  market.get('/coins/markets', (c) => {
    exactQuery(c, MARKETS_PARAMS)
    return reply(caches.markets)
  })
  market.get('/search/trending', (c) => {
    exactQuery(c, {})
    return reply(caches.trending)
  })
  market.all('/coins/markets', onlyGet)
  market.all('/search/trending', onlyGet)
  return market
}
