import { type Context, Hono } from 'hono'
import { MARKETS_PARAMS } from '../../src/features/market/schemas'
import type { AppEnv } from '../context'
import { apiError } from '../errors'
import type { MarketCache, Served } from '../market/cache'
import type { MarketCaches } from '../market/service'

type Params = Readonly<Record<string, string | number | boolean>>

const queryString = (params: Params) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

/**
 * Exactly the query the site sends, nothing more or less: these routes forward to an API that
 * bills by request, so they must not become an open proxy.
 */
function exactQuery(expected: Params) {
  const keys = Object.keys(expected)
  const canonical = queryString(expected)
  return (c: Context<AppEnv>): void => {
    // The site always sends the query in this very form: one string comparison.
    const url = c.req.url
    const at = url.indexOf('?')
    if ((at < 0 ? '' : url.slice(at + 1)) === canonical) return
    const given = c.req.queries()
    const matches =
      Object.keys(given).length === keys.length &&
      keys.every((key) => {
        const values = given[key]
        return values?.length === 1 && values[0] === String(expected[key])
      })
    if (!matches) {
      throw apiError('unsupported_parameters', {
        message: keys.length
          ? `This endpoint only accepts the query ?${canonical}.`
          : 'This endpoint takes no query parameters.',
      })
    }
  }
}

type Prepared = {
  text: string
  source: string
  updatedAtMs: number
  sMaxAge: number
  body: Uint8Array<ArrayBuffer>
  headers: Record<string, string>
}

/**
 * Replies from one cache. Between two changes of what is served (new data, source or s-maxage,
 * at most once a second) every request gets the same encoded body and header object, so a cached
 * reply costs no serialization, encoding or date formatting.
 */
function replier(
  cache: MarketCache<unknown>,
): (c: Context<AppEnv>) => Response | Promise<Response> {
  const ttlS = Math.round(cache.ttlMs / 1000)
  let last: Prepared | undefined
  const respond = (c: Context<AppEnv>, served: Served): Response => {
    c.set('dataSource', served.source)
    // Shared caches (a CDN) may keep fresh data for what is left of its TTL, anything else briefly.
    const sMaxAge = served.freshForS > 0 ? served.freshForS : 5
    const updatedAtMs = served.updatedAt.getTime()
    if (
      last?.text !== served.body ||
      last.source !== served.source ||
      last.updatedAtMs !== updatedAtMs ||
      last.sMaxAge !== sMaxAge
    ) {
      const body = new TextEncoder().encode(served.body)
      last = {
        text: served.body,
        source: served.source,
        updatedAtMs,
        sMaxAge,
        body,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': String(body.byteLength),
          'Cache-Control': `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${ttlS}`,
          'X-Data-Source': served.source,
          'X-Data-Updated-At': served.updatedAt.toISOString(),
        },
      }
    }
    return new Response(last.body, { status: 200, headers: last.headers })
  }
  // Data in the cache is answered without a promise; only a cold cache waits.
  return (c) => {
    const ready = cache.ready()
    return ready ? respond(c, ready) : cache.get().then((served) => respond(c, served))
  }
}

const onlyGet = () => {
  throw apiError('method_not_allowed', { headers: { Allow: 'GET, HEAD' } })
}

export function marketRoutes(caches: MarketCaches) {
  const market = new Hono<AppEnv>()
  const marketsQuery = exactQuery(MARKETS_PARAMS)
  const noQuery = exactQuery({})
  const markets = replier(caches.markets)
  const trending = replier(caches.trending)
  market.get('/coins/markets', (c) => {
    marketsQuery(c)
    return markets(c)
  })
  market.get('/search/trending', (c) => {
    noQuery(c)
    return trending(c)
  })
  market.all('/coins/markets', onlyGet)
  market.all('/search/trending', onlyGet)
  return market
}
