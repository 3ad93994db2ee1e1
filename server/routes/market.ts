import { vValidator } from '@hono/valibot-validator'
import { type Context, Hono } from 'hono'
import type { GenericSchema } from 'valibot'
import * as v from 'valibot'
import { CoinDetailQuerySchema, CoinIdSchema, MarketChartQuerySchema } from '@contract/coin'
import { CONVERSION_HEADER } from '@contract/exchange-rates'
import { MarketsQuerySchema, NoQuerySchema } from '@contract/market'
import { MARKET_LIST_PAGES_HEADER, MarketListQuerySchema } from '@contract/market-list'
import type { CallGate } from '../market/budget'
import { type AppEnv, clientKey } from '../context'
import { apiError } from '../errors'
import { allowOnly } from '../middleware/methods'
import { type CacheReader, NoDataError, type Served, sharedCacheControl } from '../market/cache'
import { COIN_DETAIL_TTL_MS, type CoinPages } from '../market/coins'
import type { MarketFacts } from '../market/facts'
import type { MarketLists } from '../market/lists'
import type { MarketCaches } from '../market/service'
import type { MissLimiter } from '../limits/miss-limiter'
import { watchPrices } from '../market/watch-prices'
import { convertUnits } from '../market/converter'
import type { ExchangeRates } from '../market/rates'
import { ConvertQuerySchema } from '@contract/converter'
import { WatchPricesQuerySchema } from '@contract/watchlist'

// Anything but the exact query the site sends is refused before the cache is asked.
function exactQuery<S extends GenericSchema>(schema: S) {
  return vValidator('query', schema, (result) => {
    if (!result.success) throw apiError('invalid_query')
  })
}

const coinIdParam = vValidator('param', v.object({ id: CoinIdSchema }), (result) => {
  if (!result.success) throw apiError('invalid_coin_id')
})

const retryAfter = (ms: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))) })

/**
 * Held data (fresh, stale or the sample) with what it is, for browsers and CDNs. Expired data
 * waits (at most `MARKET_FIRST_WAIT_MS`) for the refresh its read started, as a page does:
 * answered at once, a visitor's periodic refetch got the previous prices, one interval late.
 */
async function reply(
  c: Context<AppEnv>,
  get: () => Promise<Served>,
  ttlMs: number,
  { emptyIsNotFound = false } = {},
) {
  let served: Served
  try {
    served = await get()
  } catch (error) {
    if (!(error instanceof NoDataError)) throw error
    const headers = retryAfter(error.retryAfterMs)
    if (error.reason === 'limited') throw apiError('rate_limited', { headers })
    if (error.reason === 'busy') throw apiError('upstream_busy', { headers })
    if (error.reason === 'not_found') throw apiError('unknown_coin')
    throw apiError('upstream_unavailable', { headers })
  }
  // An empty page of the list is past its end: its body is `[]`, kept like any other answer.
  if (emptyIsNotFound && served.body.byteLength === 2) throw apiError('no_such_page')
  c.set('dataSource', served.source)
  // A currency made from dollars says at which rate, from when (the page's "converted" note).
  if (served.conversion) c.header(CONVERSION_HEADER, JSON.stringify(served.conversion))
  return c.body(served.body, 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(served.body.byteLength),
    'Cache-Control': sharedCacheControl([served], ttlMs),
    'X-Data-Source': served.source,
    'X-Data-Updated-At': served.updatedAt.toISOString(),
  })
}

/** A cache's data as `reply` sends it. */
const fromCache = (c: Context<AppEnv>, cache: CacheReader, gates: CallGate[] = []) =>
  reply(c, () => cache.getFresh(gates), cache.ttlMs)

const onlyGet = allowOnly('GET', 'HEAD')

/** The gate of a request's client: how many upstream calls its misses may still start. */
export type ClientGate = (c: Context<AppEnv>) => CallGate

/**
 * Coin data's per-client gate, shared by the coin endpoints and the coin pages rendered with
 * their data. A client pays only for the calls its requests start; hits and shared requests are
 * free.
 */
export function clientMissGate(missLimiter: MissLimiter): ClientGate {
  return (c) => {
    const key = clientKey(c)
    return {
      refusal: 'limited',
      waitMs: () => {
        const result = missLimiter.check(key)
        return result.allowed ? 0 : result.retryAfterS * 1000
      },
      spend: () => void missLimiter.record(key),
    }
  }
}

export type MarketRoutesDeps = {
  caches: MarketCaches
  coins: CoinPages
  lists: MarketLists
  facts: MarketFacts
  /** The exchange rates the converted currencies are made with (the converter reads them). */
  rates: ExchangeRates
  /** Upstream calls a client's misses may start (coin pages only: the lists are shared). */
  clientGate: ClientGate
}

export function marketRoutes(deps: MarketRoutesDeps) {
  const { caches, coins, lists, facts, rates, clientGate } = deps
  const knownCoin = async (id: string) => {
    if (!(await coins.ids.has(id))) throw apiError('unknown_coin')
  }

  return (
    new Hono<AppEnv>()
      // A watchlist's rows, from what the server holds (server/market/watch-prices.ts). The ids
      // are a visitor's own list: kept by no cache.
      .get('/watchlist', exactQuery(WatchPricesQuerySchema), async (c) => {
        const { ids, vs_currency } = c.req.valid('query')
        const rows = await watchPrices(ids, vs_currency, {
          caches,
          coins,
          facts,
          gates: [clientGate(c)],
        })
        return c.json({ coins: rows }, 200, { 'Cache-Control': 'no-store' })
      })
      .all('/watchlist', onlyGet)
      // An amount of one coin or currency in another, from what the server holds: no upstream
      // call (server/market/converter.ts). Answers change with every refresh: kept by no cache.
      .get('/convert', exactQuery(ConvertQuerySchema), (c) =>
        c.json(convertUnits(c.req.valid('query'), { caches, lists, facts, rates }), 200, {
          'Cache-Control': 'no-store',
        }),
      )
      .all('/convert', onlyGet)
      // The price list's query, or a page of the full list's (`/coins`).
      .get(
        '/coins/markets',
        exactQuery(v.union([MarketsQuerySchema, MarketListQuerySchema])),
        (c) => {
          const query = c.req.valid('query')
          if (!('price_change_percentage' in query))
            return fromCache(c, caches.markets[query.vs_currency])
          const cache = lists.page(query.vs_currency, query.page)
          if (!cache) throw apiError('no_such_page')
          // Each page is one upstream call, which the client's misses pay for as a coin's do.
          c.header(MARKET_LIST_PAGES_HEADER, String(lists.pages))
          return reply(c, () => cache.getFresh([clientGate(c)]), cache.ttlMs, {
            emptyIsNotFound: true,
          })
        },
      )
      .get('/search/trending', exactQuery(NoQuerySchema), (c) => fromCache(c, caches.trending))
      .get('/global', exactQuery(NoQuerySchema), (c) => fromCache(c, caches.global))
      .get('/coins/:id', coinIdParam, exactQuery(CoinDetailQuerySchema), async (c) => {
        const { id } = c.req.valid('param')
        await knownCoin(id)
        return reply(c, () => coins.shownDetail(id, [clientGate(c)]), COIN_DETAIL_TTL_MS)
      })
      .get(
        '/coins/:id/market_chart',
        coinIdParam,
        exactQuery(MarketChartQuerySchema),
        async (c) => {
          const { id } = c.req.valid('param')
          await knownCoin(id)
          const { vs_currency, days } = c.req.valid('query')
          return fromCache(c, coins.chart(id, vs_currency, days), [clientGate(c)])
        },
      )
      .all('/coins/markets', onlyGet)
      .all('/search/trending', onlyGet)
      .all('/global', onlyGet)
      .all('/coins/:id', onlyGet)
      .all('/coins/:id/market_chart', onlyGet)
  )
}
