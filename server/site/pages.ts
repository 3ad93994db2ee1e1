import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as v from 'valibot'
import {
  CHART_RANGES,
  type CoinDetail,
  CoinIdSchema,
  coinPath as coinPagePath,
  type ChartRange,
  DEFAULT_CHART_RANGE,
  type MarketChart,
} from '@contract/coin'
import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import type { DataSource } from '@contract/data-meta'
import {
  type GlobalResponse,
  type GlobalStats,
  type MarketsData,
  type MarketsResponse,
  type TrendingItem,
  type TrendingResponse,
  trendingItems,
} from '@contract/market'
import type { MarketListResponse } from '@contract/market-list'
import { LRUCache } from 'lru-cache'
import type { Logger } from '../logger'
import type { CallGate } from '../market/budget'
import {
  type CacheReader,
  type DataStamp,
  NoDataError,
  type Served,
  sharedCacheControl,
} from '../market/cache'
import type { CoinPages } from '../market/coins'
import type { MarketFacts } from '../market/facts'
import type { MarketLists } from '../market/lists'
import type { MarketCaches } from '../market/service'
import type { PageData, Unavailable } from '@contract/page-data'
import type { SearchData } from '@contract/search'
import { compressedCopies, weakEtag } from './bodies'
import { OTHER_PAGES_STYLESHEET, renderedPage, withStylesheetLink } from './html'
import type { Build } from './manifest'

type Meta = MarketsData['meta']

/** What the build of src/entry-server.tsx exports (dist/prerender/entry-server.js). */
export type Render = (
  path: string,
  data: PageData,
) => Promise<{ html: string; state: string | null }>

/** A page rendered with market data: its bodies (plain, `.br`, `.gz`) under the file's path. */
export type RenderedPage = {
  file: string
  etag: string
  bodies: Map<string, Uint8Array<ArrayBuffer>>
}

/** A page rendered for one signed-in visitor: stored by no cache, shared or the browser's. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store'

/** What a page rendered for a signed-in visitor holds of them: who they are, their watchlist. */
export type Personal = Required<Pick<PageData, 'viewer'>> & Pick<PageData, 'watchlist' | 'account'>

/** The pages that show market data, and which lists each shows. */
export const DATA_PAGES: Record<string, readonly (keyof MarketCaches)[]> = {
  '/': ['markets', 'global', 'trending'],
  '/crypto': ['markets', 'global'],
}

/**
 * The route renderer the build made, beside the client's folder (`dist/prerender` next to
 * `dist/client`), or null without one: pages are then served as prerendered, with skeletons.
 */
export async function loadRender(clientDir: string): Promise<Render | null> {
  const entry = join(clientDir, '..', 'prerender', 'entry-server.js')
  if (!existsSync(entry)) return null
  const module = (await import(pathToFileURL(entry).href)) as { render?: Render }
  return typeof module.render === 'function' ? module.render : null
}

const decoder = new TextDecoder()

/** What served data is, as the site's queries say it. */
function metaOf(served: DataStamp & Pick<Served, 'conversion'>): Meta {
  // Fresh from the upstream or from the cache is the same data: one render, labelled `cache`.
  const source: DataSource = served.source === 'live' ? 'cache' : served.source
  const meta: Meta = { source, updatedAt: served.updatedAt.toISOString() }
  if (served.conversion) meta.conversion = served.conversion
  return meta
}

/** What the cache serves, as the site's query holds it (`pick`), with what it is. */
function parsed<T, U>(served: Served<T>, pick: (data: T) => U): { data: U; meta: Meta } {
  return { data: pick(served.data), meta: metaOf(served) }
}

type Entry = { version: string; page: Promise<RenderedPage | null> }

/** Where renders are kept: one per key, with the data version it was rendered for. */
type RenderStore = { get(key: string): Entry | undefined; set(key: string, entry: Entry): void }

/**
 * The coin pages' renders, bounded in bytes: a finished render weighs its bodies (plain, brotli
 * and gzip), and past `maxBytes` the least recently asked for
 * goes. Renders still running are held apart, so every weight in the LRU is a known one.
 */
function byteBoundedStore(maxBytes: number): RenderStore & { stats(): RenderStats } {
  const done = new LRUCache<string, Entry>({ maxSize: maxBytes })
  const running = new Map<string, Entry>()
  return {
    get: (key) => running.get(key) ?? done.get(key),
    set(key, entry) {
      running.set(key, entry)
      void entry.page.then((page) => {
        // A render for newer data started meanwhile: that one is kept instead.
        if (running.get(key) !== entry) return
        running.delete(key)
        let bytes = key.length
        for (const body of page?.bodies.values() ?? []) bytes += body.byteLength
        done.set(key, entry, { size: bytes })
      })
    },
    stats: () => ({
      pages: done.size,
      bytes: done.calculatedSize,
      maxBytes,
      rendering: running.size,
    }),
  }
}

/** The coin renders kept, for the health check's detail. */
export type RenderStats = { pages: number; bytes: number; maxBytes: number; rendering: number }

/**
 * The page's data version: it changes when a list's data, or what it is (stale, sample), does,
 * and when data the page was rendered without (null) arrives.
 */
const versionOf = (served: (DataStamp | null)[]) =>
  served
    .map((s) => (s ? `${s.source === 'live' ? 'cache' : s.source}@${s.updatedAt.getTime()}` : '-'))
    .join('|')

/** A coin page's address, with only what differs from the defaults. */
function coinPath(id: string, range: ChartRange, currency: Currency): string {
  const search = new URLSearchParams()
  if (range !== DEFAULT_CHART_RANGE) search.set('range', range)
  if (currency !== DEFAULT_CURRENCY) search.set('currency', currency)
  return search.size > 0 ? `${coinPagePath(id)}?${search}` : coinPagePath(id)
}

/** A page of the full list's address, with only what differs from the defaults. */
function listPath(page: number, currency: Currency): string {
  const search = new URLSearchParams()
  if (page > 1) search.set('page', String(page))
  if (currency !== DEFAULT_CURRENCY) search.set('currency', currency)
  return search.size > 0 ? `/coins?${search}` : '/coins'
}

/**
 * Server rendering of the pages that show market data, at most once per change of that data:
 * the cached render is served until a list the page shows changes (new data, or fresh data
 * turning stale), and requests that arrive during a render share it. The prerendered page is the
 * template (its head, inline style and loader, so its CSP hashes hold) and the fallback: a
 * failed render is logged, and the page is served prerendered, with skeletons, until the data
 * changes again.
 */
export function createPageRenderer(deps: {
  render: Render
  caches: MarketCaches
  coins: CoinPages
  lists: MarketLists
  facts: MarketFacts
  build: Build
  logger: Logger
  /** Bytes of coin-page renders kept at most (`COIN_RENDER_CACHE_MB`). */
  coinRenderBytes: number
}) {
  const { render, caches, coins, lists, facts, build, logger } = deps
  // One per page and currency: 12 at most.
  const renders = new Map<string, Entry>()
  // One per coin, range and currency, and per page of the full list and currency, bounded in
  // bytes: sample data alone makes 504 coin keys.
  const coinRenders = byteBoundedStore(deps.coinRenderBytes)

  // The stylesheet a list page links after its first paint (its template's loader names it).
  const otherPages =
    Object.keys(build.manifest.files).find((name) => OTHER_PAGES_STYLESHEET.test(name)) ?? null

  /** `path` rendered with `data` into `file`, the prerendered page that is its template. */
  async function renderPage(
    path: string,
    file: string,
    data: PageData,
    options: { ownHead: boolean; canonicalQuery?: string },
  ): Promise<RenderedPage> {
    const template = build.bodies.get(file)
    if (!template) throw new Error(`${file} is not in the build`)
    const prerendered = decoder.decode(template)
    // The lists' pages keep the template's head (their titles name no price); a coin's names it.
    let html = renderedPage(prerendered, await render(path, data), options)
    // A list page for a signed-in visitor: its header's styles are not in the list pages' own
    // CSS, so the stylesheet with them comes before the first paint (cached after the first).
    if (data.viewer && otherPages && prerendered.includes(otherPages)) {
      html = withStylesheetLink(html, otherPages)
    }
    const page = new TextEncoder().encode(html)
    const bodies = new Map([[file, page]])
    for (const [suffix, copy] of await compressedCopies(page)) bodies.set(file + suffix, copy)
    return { file, etag: weakEtag(page), bodies }
  }

  /**
   * The render kept for `version`, or a new one (a failure is kept too, until the data changes).
   * A new render first passes `gate`, the client's share of renders: refused, it is null.
   */
  function renderedFor(
    store: RenderStore,
    key: string,
    version: string,
    start: () => Promise<RenderedPage>,
    gate: CallGate | null = null,
  ): Promise<RenderedPage | null> | null {
    let current = store.get(key)
    if (current?.version !== version) {
      if (gate) {
        if (gate.waitMs() > 0) return null
        gate.spend()
      }
      const page = start().catch((error: unknown) => {
        logger.error({ page: key, err: error }, 'page render failed; serving the prerendered page')
        return null
      })
      current = { version, page }
      store.set(key, current)
    }
    return current.page
  }

  type Rendered = {
    page: RenderedPage
    cacheControl: string
    /** A page that says why it has no data: its status, and when asking again may help. */
    unavailable?: { status: 429 | 503; retryAfterS: number }
  }
  const answer = async (
    page: Promise<RenderedPage | null> | null,
    served: DataStamp[],
    ttlMs: number,
  ) => {
    const done = await page
    return done ? { page: done, cacheControl: sharedCacheControl(served, ttlMs) } : null
  }

  // What each reason is to the visitor (src/features/coin/components/unavailable-note.tsx).
  const REASONS: Record<NoDataError['reason'], Unavailable['reason'] | null> = {
    busy: 'busy',
    limited: 'limited',
    failed: 'offline',
    not_found: null,
  }

  /**
   * A page that has no data now, saying why and when to try again (`data`, given why): rendered
   * for this request (its countdown is this moment's, and `limited` is this client's alone, so
   * neither is kept nor shared: `no-store`), within the client's share of renders.
   */
  async function unavailablePage(
    path: string,
    file: string,
    error: NoDataError,
    renderGate: CallGate | null,
    data: (why: Unavailable) => PageData,
    viewer: Personal | null = null,
  ): Promise<Rendered | null> {
    const reason = REASONS[error.reason]
    if (!reason) return null
    if (renderGate) {
      if (renderGate.waitMs() > 0) return null
      renderGate.spend()
    }
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000))
    const pageData = { ...data({ reason, seconds }), ...viewer }
    // A coin known by name heads the page and its tab with it; anything else keeps the template's.
    const ownHead = Boolean(pageData.coinUnavailable?.name)
    const page = await renderPage(path, file, pageData, { ownHead }).catch((failure: unknown) => {
      logger.error({ page: path, err: failure }, 'page render failed; serving the prerendered page')
      return null
    })
    if (!page) return null
    const status = reason === 'limited' ? 429 : 503
    const cacheControl = viewer ? PERSONAL_CACHE_CONTROL : 'no-store'
    return { page, cacheControl, unavailable: { status, retryAfterS: seconds } }
  }

  /** The lists a page shows, as its render takes them. */
  function listData(
    lists: readonly (keyof MarketCaches)[],
    served: Served[],
    currency: Currency,
  ): PageData {
    const data: PageData = { currency }
    lists.forEach((name, index) => {
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

  /**
   * A render for one request: a signed-in visitor's page holds their name (and their watchlist),
   * so it is kept in no cache, and no shared cache may keep it (`private, no-store`: neither a
   * CDN nor, after signing out, the browser's back button shows it again).
   */
  async function personal(
    path: string,
    file: string,
    data: PageData,
    options: { ownHead: boolean; canonicalQuery?: string } = { ownHead: false },
  ): Promise<Rendered | null> {
    const page = await renderPage(path, file, data, options).catch((error: unknown) => {
      logger.error({ page: path, err: error }, 'page render failed; serving the prerendered page')
      return null
    })
    if (!page) return null
    return { page, cacheControl: data.viewer ? PERSONAL_CACHE_CONTROL : 'no-cache' }
  }

  return {
    /** The coin renders kept now. */
    coinRenderStats: () => coinRenders.stats(),

    /**
     * The build's sitemap with the full list's pages, and the coin pages of the current top coins
     * (the price list's, the trending coins, and those on the list's pages held now) added; null
     * without a built sitemap. It starts no request for the list's pages.
     */
    async sitemap(): Promise<{ body: string; cacheControl: string } | null> {
      const built = build.bodies.get('/sitemap.xml')
      if (!built) return null
      const xml = decoder.decode(built)
      // The run-time SITE_URL's when set (server/site/manifest.ts, `withOrigin`).
      const { origin } = build.manifest
      const served = await Promise.all([caches.markets.usd.get(), caches.trending.get()])
      const [markets, trending] = served
      const ids = new Set([
        ...markets.data.map((c) => c.id),
        ...trendingItems(trending.data).map((c) => c.id),
        ...lists.heldIds(DEFAULT_CURRENCY),
      ])
      // The first page is one of the site's pages, in the built sitemap already.
      const listPages = Array.from({ length: lists.pages - 1 }, (_, i) => listPath(i + 2, 'usd'))
      // A path holds no `<` (percent-encoded); an `&` is escaped for XML.
      const urls = [
        ...listPages.map(
          (path) => `  <url><loc>${origin}${path}</loc><priority>0.6</priority></url>\n`,
        ),
        ...[...ids]
          .filter((id) => v.is(CoinIdSchema, id))
          .map(
            (id) =>
              `  <url><loc>${origin}${coinPagePath(id).replaceAll('&', '&amp;')}</loc><priority>0.7</priority></url>\n`,
          ),
      ].join('')
      const ttlMs = Math.min(caches.markets.usd.ttlMs, caches.trending.ttlMs)
      return {
        body: xml.replace('</urlset>', () => `${urls}</urlset>`),
        cacheControl: sharedCacheControl(served, ttlMs),
      }
    },

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
        return personal(path, file, { ...listData(shown, served, currency), ...viewer })
      }
      const page = renderedFor(renders, path, versionOf(served), () =>
        renderPage(path, file, listData(shown, served, currency), { ownHead: false }),
      )
      return answer(page, served, Math.min(...shown.map((name) => cacheOf(name).ttlMs)))
    },

    /**
     * A page without market data (or whose data is missing now) rendered for this request alone:
     * for a signed-in `data.viewer`, or an address the prerendered page cannot carry (the sign-in
     * form's `?return=`). `path` is the address with its query, as the router reads it.
     */
    personal: (path: string, file: string, data: PageData) => personal(path, file, data),

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
        return unavailablePage(
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
        if (renderGate) {
          if (renderGate.waitMs() > 0) return null
          renderGate.spend()
        }
        return personal(path, file, { ...pageData(), ...viewer }, options)
      }
      const rendered = renderedFor(
        coinRenders,
        path,
        versionOf([served]),
        () => renderPage(path, file, pageData(), options),
        renderGate,
      )
      return answer(rendered, [served], cache.ttlMs)
    },

    /**
     * The /search page for `q` with what it found, rendered for this request (its results follow
     * the ranks of the moment; a CDN may keep it briefly), within the client's share of renders
     * (`renderGate`); null past it or when rendering failed.
     */
    async getSearch(
      q: string,
      data: SearchData,
      file: string,
      renderGate: CallGate | null,
    ): Promise<RenderedPage | null> {
      if (renderGate) {
        if (renderGate.waitMs() > 0) return null
        renderGate.spend()
      }
      const path = `/search?${new URLSearchParams({ q })}`
      return renderPage(path, file, { search: { q, data } }, { ownHead: true }).catch(
        (error: unknown) => {
          logger.error(
            { page: '/search', err: error },
            'page render failed; serving the prerendered page',
          )
          return null
        },
      )
    },

    /**
     * A known coin's page at a chart range in `currency`. A coin on a list page held now opens
     * from its row, with no upstream call of its own: its details and chart are added when
     * cached, else the browser asks for them. Any other coin is rendered with its details and
     * chart as the caches serve them (a miss spends from the upstream budget through `gates`, as
     * the API does). Null when there is no data to render with yet (the budget is spent), when a
     * new render is past the client's share (`renderGate`, as anyone may ask for any of hundreds
     * of keys, each a render), or when rendering failed. For a signed-in `viewer`, rendered for
     * them alone (within the same share of renders).
     */
    async getCoin(
      id: string,
      { range, currency }: { range: ChartRange; currency: Currency },
      file: string,
      {
        gates,
        renderGate,
        viewer = null,
      }: { gates: readonly CallGate[]; renderGate: CallGate | null; viewer?: Personal | null },
    ): Promise<Rendered | null> {
      const sources: [CacheReader<CoinDetail>, CacheReader<MarketChart>] = [
        coins.detail(id),
        coins.chart(id, currency, CHART_RANGES[range]),
      ]
      // Its figures by the facts' rule: a coin on a page of the list opens from them.
      const listed = lists.holds(id, currency) ? facts.get(id, currency) : null
      let detail: Served<CoinDetail> | null
      let chart: Served<MarketChart> | null
      if (listed) {
        detail = coins.heldDetail(id)
        chart = sources[1].held()
      } else {
        const [detailResult, chartResult] = await Promise.allSettled([
          coins.shownDetail(id, gates),
          sources[1].getFresh(gates),
        ])
        for (const result of [detailResult, chartResult]) {
          if (result?.status === 'rejected' && !(result.reason instanceof NoDataError)) {
            throw result.reason
          }
        }
        // No details: the page says why. Details without a chart: rendered without it; the
        // browser asks for it, and its section says why it is missing.
        if (detailResult?.status === 'rejected') {
          const why = detailResult.reason as NoDataError
          return unavailablePage(
            coinPath(id, range, currency),
            file,
            why,
            renderGate,
            (u) => ({ currency, coinUnavailable: { id, name: coins.ids.name(id), ...u } }),
            viewer,
          )
        }
        if (detailResult?.status !== 'fulfilled') return null
        detail = detailResult.value
        chart = chartResult?.status === 'fulfilled' ? chartResult.value : null
      }
      const served = [listed?.stamp ?? null, detail ?? null, chart ?? null]
      const path = coinPath(id, range, currency)
      const coinData = (): PageData => {
        const coin: NonNullable<PageData['coin']> = { id, range }
        if (listed) coin.listed = { coin: listed.coin, meta: metaOf(listed.stamp) }
        if (detail) coin.detail = { coin: detail.data, meta: metaOf(detail) }
        if (chart) coin.chart = { chart: chart.data, meta: metaOf(chart) }
        return { currency, coin }
      }
      if (viewer) {
        if (renderGate) {
          if (renderGate.waitMs() > 0) return null
          renderGate.spend()
        }
        return personal(path, file, { ...coinData(), ...viewer }, { ownHead: true })
      }
      const page = renderedFor(
        coinRenders,
        path,
        versionOf(served),
        () => renderPage(path, file, coinData(), { ownHead: true }),
        renderGate,
      )
      const held = served.filter((s): s is DataStamp => s !== null)
      const ttls = sources.map((cache) => cache.ttlMs)
      return answer(page, held, Math.min(...ttls))
    },
  }
}

export type PageRenderer = ReturnType<typeof createPageRenderer>
