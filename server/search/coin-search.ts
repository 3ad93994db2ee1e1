import { LRUCache } from 'lru-cache'
import type { MarketsResponse, TrendingResponse } from '@contract/market'
import type { MarketListResponse } from '@contract/market-list'
import { foldText, SEARCH_LIMIT, type SearchCoin } from '@contract/search'
import type { CacheReader } from '../market/cache'
import { CoinIndex, type ListedCoin } from './coin-index'

/** What search shows of a coin that a market list holds: its market-cap rank and image. */
export type MarketRow = { id: string; rank: number | null; image: string | null }

export type SearchSources = {
  /** The upstream's coin list held now (server/market/coins.ts), and whether it is the sample. */
  list: () => { coins: readonly ListedCoin[]; source: 'upstream' | 'sample' }
  /**
   * Starts the list's daily refresh when it is due (single flight, from the budget), else does
   * nothing: a search never waits for it and never calls the upstream itself.
   */
  refreshList: () => void
  /** The market lists held now, each read as it is (never a reason for an upstream call). */
  marketRows: () => readonly (readonly MarketRow[])[]
}

/** What a search answers: the coins, and `body`, their JSON as `GET /api/search` sends it. */
export type SearchResult = {
  coins: SearchCoin[]
  source: 'upstream' | 'sample'
  body: Uint8Array<ArrayBuffer>
}

/**
 * Answers kept, by folded query. Each is under 2 kB (10 coins), so at most about 10 MB; people
 * type the same few hundred prefixes, and a miss costs a lookup in the index (bench/search.ts).
 */
const ANSWERS_KEPT = 5_000
const encoder = new TextEncoder()

/**
 * Coin search over what the server holds: the coin list (a day old at most) and the market
 * lists for ranks and images. Its index is rebuilt when the list changes, its ranks when a
 * market list does; a query costs a few lookups in memory and never an upstream call, and its
 * answer is kept (JSON included) until the list or the ranks change.
 */
export class CoinSearch {
  readonly #sources: SearchSources
  #index: CoinIndex | null = null
  /** The index the ranks below were read for. */
  #rankedIndex: CoinIndex | null = null
  #rows: readonly (readonly MarketRow[])[] = []
  #ranks = new Int32Array(0)
  #images: (string | null)[] = []
  readonly #answers = new LRUCache<string, SearchResult>({ max: ANSWERS_KEPT })

  constructor(sources: SearchSources) {
    this.#sources = sources
  }

  /**
   * Indexes the list held now when it is new. Called as a list arrives: building the index of
   * 17,000 coins takes half a second, which no query should wait for.
   */
  prepare(): CoinIndex {
    const { coins } = this.#sources.list()
    if (this.#index?.coins !== coins) this.#index = new CoinIndex(coins)
    return this.#index
  }

  /** How many coins the index holds (0 before the first list is indexed). */
  get indexedCoins(): number {
    return this.#index?.coins.length ?? 0
  }

  search(query: string): SearchResult {
    this.#sources.refreshList()
    const { source } = this.#sources.list()
    const index = this.prepare()
    // A new list, or new ranks, make every kept answer old.
    if (this.#updateRanks(index)) this.#answers.clear()
    const key = foldText(query)
    const kept = this.#answers.get(key)
    if (kept) return kept
    const ranks = this.#ranks
    const found = index
      .search(key, (coin) => ranks[coin] as number, SEARCH_LIMIT)
      .map(({ index: coin }) => {
        const { id, name, symbol } = index.coins[coin] as ListedCoin
        const rank = ranks[coin] as number
        return { id, name, symbol, rank: rank > 0 ? rank : null, image: this.#images[coin] ?? null }
      })
    const answer = { coins: found, source, body: encoder.encode(JSON.stringify({ coins: found })) }
    this.#answers.set(key, answer)
    return answer
  }

  /** Ranks and images by coin, read again for a new list or when a market list is another. */
  #updateRanks(index: CoinIndex): boolean {
    const rows = this.#sources.marketRows()
    const same =
      rows.length === this.#rows.length && rows.every((list, i) => list === this.#rows[i])
    if (same && this.#rankedIndex === index) return false
    this.#rows = rows
    this.#rankedIndex = index
    const position = new Map(index.coins.map((coin, i) => [coin.id, i]))
    const ranks = new Int32Array(index.coins.length)
    const images: (string | null)[] = []
    // The first list that names a coin gives its rank and image.
    for (const list of rows) {
      for (const row of list) {
        const at = position.get(row.id)
        if (at === undefined || images[at] !== undefined) continue
        if (row.rank !== null && row.rank > 0) ranks[at] = Math.round(row.rank)
        images[at] = row.image
      }
    }
    this.#ranks = ranks
    this.#images = images
    return true
  }
}

/**
 * The rows of the market caches as they are held now: each cache's data read once per answer
 * (a new body is new data). `coins/markets`
 * answers (the price lists and the full list's pages) and `search/trending`'s coins all carry a
 * rank and an image.
 */
export function heldMarketRows(caches: {
  markets: readonly CacheReader<MarketsResponse | MarketListResponse>[]
  trending: readonly CacheReader<TrendingResponse>[]
  /** Caches made as visitors ask for them (the full list's pages), read as they are now. */
  lists?: () => readonly CacheReader<MarketListResponse>[]
}): () => readonly (readonly MarketRow[])[] {
  const rowsOf = new WeakMap<Uint8Array, readonly MarketRow[]>()
  const read = <T>(cache: CacheReader<T>, toRows: (data: T) => MarketRow[]) => {
    const served = cache.peek()
    if (!served) return null
    let rows = rowsOf.get(served.body)
    if (!rows) {
      rows = toRows(served.data)
      rowsOf.set(served.body, rows)
    }
    return rows
  }
  const fromMarkets = (coins: MarketsResponse | MarketListResponse) =>
    coins.map((coin) => ({
      id: coin.id,
      rank: coin.market_cap_rank ?? null,
      image: coin.image ?? null,
    }))
  const fromTrending = (trending: TrendingResponse) =>
    trending.coins.map(({ item }) => ({
      id: item.id,
      rank: item.market_cap_rank ?? null,
      image: item.thumb ?? item.large ?? null,
    }))
  return () =>
    [
      ...caches.markets.map((cache) => read(cache, fromMarkets)),
      ...(caches.lists?.() ?? []).map((cache) => read(cache, fromMarkets)),
      ...caches.trending.map((cache) => read(cache, fromTrending)),
    ].filter((rows) => rows !== null)
}
