import { vValidator } from '@hono/valibot-validator'
import { type Context, Hono } from 'hono'
import type { GenericSchema } from 'valibot'
import { MarketsQuerySchema, NoQuerySchema } from '../../src/features/market/schemas'
import type { AppEnv } from '../context'
import { apiError } from '../errors'
import { type MarketCache, sharedCacheControl } from '../market/cache'
import type { MarketCaches } from '../market/service'

// Anything but the exact query the site sends is refused before the cache is asked.
function exactQuery<S extends GenericSchema>(schema: S) {
  return vValidator('query', schema, (result) => {
    if (!result.success) throw apiError('invalid_query')
  })
}

/** The cache's data (fresh, stale or the sample) with what it is, for browsers and CDNs. */
async function reply(c: Context<AppEnv>, cache: MarketCache<unknown>) {
  const served = await cache.get()
  c.set('dataSource', served.source)
  return c.body(served.body, 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(served.body.byteLength),
    'Cache-Control': sharedCacheControl([served], cache.ttlMs),
    'X-Data-Source': served.source,
    'X-Data-Updated-At': served.updatedAt.toISOString(),
  })
}

const onlyGet = () => {
  throw apiError('method_not_allowed', { headers: { Allow: 'GET, HEAD' } })
}

export function marketRoutes(caches: MarketCaches) {
  return new Hono<AppEnv>()
    .get('/coins/markets', exactQuery(MarketsQuerySchema), (c) => reply(c, caches.markets))
    .get('/search/trending', exactQuery(NoQuerySchema), (c) => reply(c, caches.trending))
    .all('/coins/markets', onlyGet)
    .all('/search/trending', onlyGet)
}
