// The pages that show lists of coins: `/` and `/crypto` (the price list, global figures,
// trending), one render per page and currency, and the full list's pages (`/coins?page=`).
import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import {
  type GlobalResponse,
  type GlobalStats,
  type MarketsResponse,
  type TrendingItem,
  type TrendingResponse,
  trendingItems,
} from '@contract/market'
import type { MarketListResponse } from '@contract/market-list'
import type { PageData } from '@contract/page-data'
import type { CallGate } from '../../market/budget'
import { type CacheReader, NoDataError, type Served } from '../../market/cache'
import type { MarketLists } from '../../market/lists'
import type { MarketCaches } from '../../market/service'
import {
  metaOf,
  type Personal,
  parsed,
  type Rendered,
  type RenderKit,
  type RenderEntry,
  type RenderStore,
  spendRender,
  versionOf,
} from './kit'

/** The pages that show market data, and which lists each shows. */
export const DATA_PAGES: Record<string, readonly (keyof MarketCaches)[]> = {
  '/': ['markets', 'global', 'trending'],
  '/crypto': ['markets', 'global'],
}

/** A page of the full list's address, with only what differs from the defaults. */
export function listPath(page: number, currency: Currency): string {
  const search = new URLSearchParams()
  if (page > 1) search.set('page', String(page))
  if (currency !== DEFAULT_CURRENCY) search.set('currency', currency)
  return search.size > 0 ? `/coins?${search}` : '/coins'
}

/** The lists a page shows, as its render takes them. */
function listData(
  shown: readonly (keyof MarketCaches)[],
  served: Served[],
  currency: Currency,
): PageData {
  const data: PageData = { currency }
  shown.forEach((name, index) => {
    // Each cache's data is its list's, by name (DATA_PAGES, `cacheOf`).
    const s = served[index] as Served<never>
    if (name === 'markets') {
      const { data: coins, meta } = parsed<MarketsResponse, MarketsResponse>(s, (d) => d)
      data.markets = { coins, meta }
    } else if (name === 'global') {
      const { data: stats, meta } = parsed<GlobalResponse, GlobalStats>(s, (d) => d.data)
      data.global = { stats, meta }
    } else {
      const { data: coins, meta } = parsed<TrendingResponse, TrendingItem[]>(s, trendingItems)
      data.trending = { coins, meta }
    }
  })
  return data
}

export function listPages(
  kit: RenderKit,
  {
    caches,
    lists,
    coinRenders,
  }: { caches: MarketCaches; lists: MarketLists; coinRenders: RenderStore },
) {
  // One per page and currency: 12 at most.
  const renders = new Map<string, RenderEntry>()

  return {
    /**
     * The page at `route` with its prices in `currency`, rendered with the data the cache serves
     * now, and the `Cache-Control` that data allows; null for a page without market data or when
     * rendering failed. One render is kept per page and currency (12 at most). For a signed-in
     * `viewer` the page is rendered for them alone, kept nowhere and marked private.
     */
    async get(
      route: string,
      file: string,
      currency: Currency,
      viewer: Personal | null = null,
    ): Promise<Rendered | null> {
      const shown = DATA_PAGES[route]
      if (!shown) return null
      const cacheOf = (name: keyof MarketCaches): CacheReader =>
        name === 'markets' ? caches.markets[currency] : caches[name]
      const served = await Promise.all(shown.map((name) => cacheOf(name).getFresh()))
      const path = currency === DEFAULT_CURRENCY ? route : `${route}?currency=${currency}`
      if (viewer) {
        return kit.personal(path, file, { ...listData(shown, served, currency), ...viewer })
      }
      const page = kit.renderedFor(renders, path, versionOf(served), () =>
        kit.renderPage(path, file, listData(shown, served, currency), { ownHead: false }),
      )
      return kit.answer(page, served, Math.min(...shown.map((name) => cacheOf(name).ttlMs)))
    },

    /**
     * A page of the full list in `currency`, rendered with what its cache serves (a miss spends
     * the coin pages' share of the budget and the client's, through `gates`); `not_found` past
     * the list's end or `MARKET_LIST_PAGES`; a page saying why when there is no data (a deeper
     * page offline, or the budget spent); null when a new render is past the client's share, or
     * rendering failed. For a signed-in `viewer`, rendered for them alone (within the same share).
     */
    async getList(
      page: number,
      currency: Currency,
      file: string,
      {
        gates,
        renderGate,
        viewer = null,
      }: { gates: readonly CallGate[]; renderGate: CallGate | null; viewer?: Personal | null },
    ): Promise<Rendered | 'not_found' | null> {
      const cache = lists.page(currency, page)
      if (!cache) return 'not_found'
      const path = listPath(page, currency)
      let served: Served<MarketListResponse>
      try {
        served = await cache.getFresh(gates)
      } catch (error) {
        if (!(error instanceof NoDataError)) throw error
        if (error.reason === 'not_found') return 'not_found'
        return kit.unavailablePage(
          path,
          file,
          error,
          renderGate,
          (why) => ({ currency, listUnavailable: { page, ...why } }),
          viewer,
        )
      }
      // The upstream's page past the end of its list is empty.
      if (served.body.byteLength === 2) return 'not_found'
      const pageData = (): PageData => {
        const data = { coins: served.data, meta: metaOf(served), pages: lists.pages }
        return { currency, marketList: { page, data } }
      }
      const options = { ownHead: true, canonicalQuery: page > 1 ? `?page=${page}` : '' }
      if (viewer) {
        if (!spendRender(renderGate)) return null
        return kit.personal(path, file, { ...pageData(), ...viewer }, options)
      }
      const rendered = kit.renderedFor(
        coinRenders,
        path,
        versionOf([served]),
        () => kit.renderPage(path, file, pageData(), options),
        renderGate,
      )
      return kit.answer(rendered, [served], cache.ttlMs)
    },
  }
}
