import { vValidator } from '@hono/valibot-validator'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { DataSource } from '@contract/data-meta'
import { SearchApiQuerySchema, SearchQuerySchema } from '@contract/search'
import { searchParamFromUrl } from '@contract/search-param'
import { type AppEnv, clientKey } from '../context'
import { apiError } from '../errors'
import type { Limiter } from '../limits/rate-limiter'
import { allowOnly } from '../middleware/methods'
import { rateLimit } from '../middleware/rate-limit'
import type { CoinSearch, SearchResult } from '../search/coin-search'
import { weakEtag } from '../site/bodies'
import type { PageRenderer, RenderedPage } from '../site/pages'
import type { ClientGate } from './market'

// Ranks move with the market lists (a minute) and the list once a day: a CDN may keep an answer
// briefly; the sample's only a moment, so the real list replaces it as soon as it arrives.
const cacheControl = (result: SearchResult) =>
  result.source === 'sample' ? 'public, max-age=0, s-maxage=5' : 'public, max-age=60, s-maxage=60'

// Searched from the sample list: the site labels it, as it labels sample prices.
const dataSource = (result: SearchResult): DataSource =>
  result.source === 'sample' ? 'sample' : 'cache'

export type SearchDeps = {
  search: CoinSearch
  /** Searches per client per minute (`SEARCH_RATE_LIMIT`), on this instance. */
  limiter: Limiter
}

/** `GET /api/search?q=`: at most 10 coins, from memory. */
export function searchRoutes(deps: SearchDeps) {
  const etags = new WeakMap<Uint8Array, string>()
  return new Hono<AppEnv>()
    .get(
      '/',
      rateLimit(deps.limiter),
      vValidator('query', SearchApiQuerySchema, (result) => {
        if (!result.success) {
          throw apiError('invalid_query', {
            message: 'Search for 1 to 50 characters, with `?q=` and nothing else.',
          })
        }
      }),
      (c) => {
        const result = deps.search.search(c.req.valid('query').q)
        // The answer's JSON is kept with it (server/search/coin-search.ts), and so is its tag.
        let tag = etags.get(result.body)
        if (!tag) {
          tag = weakEtag(result.body)
          etags.set(result.body, tag)
        }
        const headers = {
          'Cache-Control': cacheControl(result),
          'X-Data-Source': dataSource(result),
          ETag: tag,
        }
        if (c.req.header('If-None-Match') === tag) return c.body(null, 304, headers)
        return c.body(result.body, 200, {
          ...headers,
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': String(result.body.byteLength),
        })
      },
    )
    .all('/', allowOnly('GET', 'HEAD'))
}

/** The /search page's answer: its status, its render (else the prerendered page), its wait. */
export type SearchPage = (
  c: Context<AppEnv>,
  file: string,
) => Promise<{
  status: 200 | 400 | 429
  rendered: { page: RenderedPage; cacheControl: string } | null
  retryAfterS?: number
}>

/**
 * `/search?q=` rendered with its results, for visitors without JavaScript and before the app
 * starts. A search here counts as one of the API's, and its render as one of the client's
 * renders (`renderGate`); past that, the prerendered page, whose app asks the API.
 */
export function searchPage(
  deps: SearchDeps & { pages: PageRenderer; renderGate: ClientGate | null },
): SearchPage {
  return async (c, file) => {
    const raw = searchParamFromUrl(c.req.query('q'))
    if (raw === undefined || raw.trim() === '') return { status: 200, rendered: null }
    const query = v.safeParse(SearchQuerySchema, raw)
    if (!query.success) return { status: 400, rendered: null }
    const limit = await deps.limiter.hit(clientKey(c))
    if (!limit.allowed) return { status: 429, rendered: null, retryAfterS: limit.retryAfterS }
    const result = deps.search.search(query.output)
    const data = { coins: result.coins, meta: { source: dataSource(result), updatedAt: null } }
    const page = await deps.pages.getSearch(raw, data, file, deps.renderGate?.(c) ?? null)
    return { status: 200, rendered: page && { page, cacheControl: cacheControl(result) } }
  }
}
