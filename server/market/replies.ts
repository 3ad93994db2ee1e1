import { type DataSource, MARKETS_PARAMS } from '../../src/features/market/schemas'
import type { ErrorCode } from '../errors'
import type { MarketCache, Served } from './cache'
import type { MarketCaches } from './service'

/** Where the market endpoints are mounted. */
export const MARKET_PREFIX = '/api/market'

/** A 200 ready to send: the same object (and bytes) for every request until the data changes. */
export type MarketReply = {
  readonly kind: 'reply'
  readonly status: 200
  readonly dataSource: DataSource
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array<ArrayBuffer>
}

/** An error reply, sent as the API's usual `{ error, message }` body. */
export type MarketRefusal = {
  readonly kind: 'refusal'
  readonly code: ErrorCode
  readonly message?: string
  readonly headers?: Readonly<Record<string, string>>
}

/** The cache is empty: `reply()` starts (or joins) the upstream request and waits for it. */
export type MarketPending = { readonly kind: 'pending'; reply(): Promise<MarketReply> }

export type MarketAnswer = MarketReply | MarketRefusal | MarketPending

/** Every market request, from its method, its path (below or at `MARKET_PREFIX`) and raw query. */
export type MarketReplies = (method: string, path: string, query: string) => MarketAnswer

type Params = Readonly<Record<string, string | number | boolean>>

const queryString = (params: Params) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

/**
 * Exactly the query the site sends, nothing more or less: these routes forward to an API that
 * bills by request, so they must not become an open proxy.
 */
function exactQuery(expected: Params): (query: string) => MarketRefusal | null {
  const keys = Object.keys(expected)
  const canonical = queryString(expected)
  const refusal: MarketRefusal = {
    kind: 'refusal',
    code: 'unsupported_parameters',
    message: keys.length
      ? `This endpoint only accepts the query ?${canonical}.`
      : 'This endpoint takes no query parameters.',
  }
  return (query) => {
    // The site always sends the query in this very form: one string comparison.
    if (query === canonical) return null
    const given = new URLSearchParams(query)
    const names = new Set(given.keys())
    const matches =
      names.size === keys.length &&
      keys.every((key) => {
        const values = given.getAll(key)
        return values.length === 1 && values[0] === String(expected[key])
      })
    return matches ? null : refusal
  }
}

/**
 * Replies from one cache. Between two changes of what is served (new data, source or s-maxage,
 * at most once a second) every request gets the same reply object, so a cached reply costs no
 * serialization, encoding or date formatting.
 */
function replier(cache: MarketCache<unknown>): {
  ready(): MarketReply | null
  pending: MarketPending
} {
  const ttlS = Math.round(cache.ttlMs / 1000)
  let last: { served: Served; sMaxAge: number; reply: MarketReply } | undefined
  const prepare = (served: Served): MarketReply => {
    // Shared caches (a CDN) may keep fresh data for what is left of its TTL, anything else briefly.
    const sMaxAge = served.freshForS > 0 ? served.freshForS : 5
    if (
      last?.served.body === served.body &&
      last.served.source === served.source &&
      last.served.updatedAt.getTime() === served.updatedAt.getTime() &&
      last.sMaxAge === sMaxAge
    ) {
      return last.reply
    }
    const body = new TextEncoder().encode(served.body)
    const reply: MarketReply = {
      kind: 'reply',
      status: 200,
      dataSource: served.source,
      body,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(body.byteLength),
        'Cache-Control': `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${ttlS}`,
        'X-Data-Source': served.source,
        'X-Data-Updated-At': served.updatedAt.toISOString(),
      },
    }
    last = { served, sMaxAge, reply }
    return reply
  }
  return {
    // Data in the cache is answered without a promise; only a cold cache waits.
    ready: () => {
      const served = cache.ready()
      return served ? prepare(served) : null
    },
    pending: { kind: 'pending', reply: () => cache.get().then(prepare) },
  }
}

const NOT_FOUND: MarketRefusal = { kind: 'refusal', code: 'not_found' }
const ONLY_GET: MarketRefusal = {
  kind: 'refusal',
  code: 'method_not_allowed',
  headers: { Allow: 'GET, HEAD' },
}

/**
 * The market endpoints as one plain function, free of any HTTP framework: the Node listener asks
 * it first and sends a ready reply itself; the Hono route asks it for everything else.
 */
export function marketReplies(caches: MarketCaches): MarketReplies {
  const endpoints = new Map([
    [
      `${MARKET_PREFIX}/coins/markets`,
      { query: exactQuery(MARKETS_PARAMS), reply: replier(caches.markets) },
    ],
    [
      `${MARKET_PREFIX}/search/trending`,
      { query: exactQuery({}), reply: replier(caches.trending) },
    ],
  ])
  return (method, path, query) => {
    const endpoint = endpoints.get(path)
    if (!endpoint) return NOT_FOUND
    if (method !== 'GET' && method !== 'HEAD') return ONLY_GET
    return endpoint.query(query) ?? endpoint.reply.ready() ?? endpoint.reply.pending
  }
}
