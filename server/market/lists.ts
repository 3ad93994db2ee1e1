import {
  type Currency,
  DEFAULT_CURRENCY,
  isUpstreamCurrency,
  type UpstreamCurrency,
} from '@contract/currency'
import type { MarketListResponse } from '@contract/market-list'
import { type CacheFamilyOptions, type CacheReader, MarketCache, type Served } from './cache'
import { convertList } from './convert'
import { ConvertedCache } from './converted-cache'
import type { MarketFacts } from './facts'
import type { ExchangeRates } from './rates'

export type MarketListsOptions = CacheFamilyOptions & {
  /** Pages of the list at most (`MARKET_LIST_PAGES`). */
  pages: number
  /** The first page in the default currency, as the price list (`MARKETS_TTL_S`). */
  firstPageTtlMs: number
  /** Every other page (`MARKET_LIST_TTL_S`): deeper pages change less and are asked for less. */
  ttlMs: number
  load: (
    currency: UpstreamCurrency,
    page: number,
    signal: AbortSignal,
  ) => Promise<MarketListResponse>
  /** The first page's sample in `currency`; deeper pages have none. */
  sample: (currency: UpstreamCurrency) => MarketListResponse
  sampleUpdatedAt: Date
  /** Where each page's new rows go. */
  facts: MarketFacts
  /** What the currencies the upstream is not asked in are converted with. */
  rates: ExchangeRates
}

// Every converted currency's pages are the dollar pages'.
const DEFAULT_CURRENCY_UPSTREAM: UpstreamCurrency = 'usd'

/**
 * The full list (`/coins`): one MarketCache per currency and page, made when first asked for
 * (6 currencies × `MARKET_LIST_PAGES` at most), and the rows they hold, by coin, for the coin
 * pages they open.
 */
export class MarketLists {
  readonly pages: number
  readonly #options: MarketListsOptions
  readonly #caches = new Map<string, MarketCache<MarketListResponse>>()
  // A converted currency's pages: the dollar pages, converted when read.
  readonly #converted = new Map<string, ConvertedCache<MarketListResponse>>()
  // Each held page's coin ids, by its body.
  readonly #ids = new WeakMap<Uint8Array, Set<string>>()
  #closed = false

  constructor(options: MarketListsOptions) {
    this.pages = options.pages
    this.#options = options
  }

  /**
   * Page `page` of the list in `currency` (a currency the upstream is not asked in: the dollar
   * page, converted); null past `MARKET_LIST_PAGES`.
   */
  page(currency: Currency, page: number): CacheReader<MarketListResponse> | null {
    if (isUpstreamCurrency(currency)) return this.#page(currency, page)
    const source = this.#page(DEFAULT_CURRENCY_UPSTREAM, page)
    if (!source) return null
    const key = `${currency}:${page}`
    const found = this.#converted.get(key)
    if (found) return found
    const { rates } = this.#options
    const cache = new ConvertedCache({
      source,
      rates,
      currency,
      convert: (rows) => {
        const rate = rates.rate(currency)
        return rate && convertList(rows, rate)
      },
    })
    this.#converted.set(key, cache)
    return cache
  }

  #page(currency: UpstreamCurrency, page: number): MarketCache<MarketListResponse> | null {
    if (!Number.isInteger(page) || page < 1 || page > this.pages) return null
    const key = `${currency}:${page}`
    const found = this.#caches.get(key)
    if (found) return found
    const o = this.#options
    const name = `coins/markets?list&vs_currency=${currency}&page=${page}`
    const ttlMs = page === 1 && currency === DEFAULT_CURRENCY ? o.firstPageTtlMs : o.ttlMs
    const cache = new MarketCache<MarketListResponse>({
      name,
      ttlMs,
      load: (signal) => o.load(currency, page, signal),
      sample: page === 1 ? { data: o.sample(currency), updatedAt: o.sampleUpdatedAt } : undefined,
      gates: [o.gate],
      clock: o.clock,
      firstWaitMs: o.firstWaitMs,
      onFailure: (error) => o.onFailure(name, error),
      onEnded: () => o.onEnded?.(name),
      shared: o.shared?.(name, ttlMs),
      onData: (rows, at) => o.facts.recordRows(currency, rows, at, ttlMs, name),
      reach: o.reach,
    })
    if (this.#closed) cache.close()
    this.#caches.set(key, cache)
    return cache
  }

  /**
   * Whether a page of the list in `currency` holds the upstream's data for the coin now (fresh or
   * stale; never the sample): its page then opens from what the server holds. No upstream call.
   */
  holds(id: string, currency: Currency): boolean {
    if (!isUpstreamCurrency(currency)) return this.holds(id, DEFAULT_CURRENCY_UPSTREAM)
    for (let page = 1; page <= this.pages; page++) {
      const served = this.#caches.get(`${currency}:${page}`)?.held()
      if (served && this.#idsOf(served).has(id)) return true
    }
    return false
  }

  /** The ids on the pages in `currency` held now, in the list's order (for the sitemap). */
  heldIds(currency: Currency): string[] {
    if (!isUpstreamCurrency(currency)) return this.heldIds(DEFAULT_CURRENCY_UPSTREAM)
    const ids: string[] = []
    for (let page = 1; page <= this.pages; page++) {
      const served = this.#caches.get(`${currency}:${page}`)?.held()
      if (served) ids.push(...this.#idsOf(served))
    }
    return ids
  }

  /** Every page's cache made so far, in any currency (search reads their ranks). */
  made(): MarketCache<MarketListResponse>[] {
    return [...this.#caches.values()]
  }

  close(): void {
    this.#closed = true
    for (const cache of this.#caches.values()) cache.close()
  }

  /** A held page's coin ids, read once per answer (a body is replaced, never changed). */
  #idsOf(served: Served<MarketListResponse>): Set<string> {
    let ids = this.#ids.get(served.body)
    if (!ids) {
      ids = new Set(served.data.map((coin) => coin.id))
      this.#ids.set(served.body, ids)
    }
    return ids
  }
}
