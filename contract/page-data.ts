import * as v from 'valibot'
import type { ChartRange } from './chart-range'
import type { CoinChartData, CoinDetailData } from './coin'
import { type Currency, DEFAULT_CURRENCY } from './currency'
import type { GlobalData, MarketsData, TrendingData } from './market'
import type { AccountDetails } from './account-details'
import type { SessionUser } from './session'
import type { WatchRow } from './watchlist'
import type { CostRates, Transaction } from './portfolio'
import type { ListedCoinData, MarketListData } from './market-list'
import type { SearchData } from './search'
import type { ConvertAnswer, ConvertQuery } from './converter'

/**
 * The data a page is rendered with (the lists, or one coin's details and chart at one range, a
 * signed-in visitor's own): the server gathers it from its caches (server/site/render/), and the
 * route renderer (src/entry-server.tsx) hands each query its routes declare its part of it (the
 * query's `meta.onPage`). A page rendered without it shows skeletons.
 */
export type PageData = {
  /** The prices' currency (the address's `?currency=`); US dollars without it. */
  currency?: Currency
  markets?: MarketsData
  trending?: TrendingData
  global?: GlobalData
  /**
   * A coin's page: its row on a list page held now (its price and key figures, no call of its
   * own), and its details and chart when the server has them.
   */
  coin?: {
    id: string
    range: ChartRange
    listed?: ListedCoinData
    detail?: CoinDetailData
    chart?: CoinChartData
  }
  /** The /search page's query and what it found. */
  search?: { q: string; data: SearchData }
  /** The /converter page's query and its answer. */
  converter?: { query: ConvertQuery; data: ConvertAnswer }
  /**
   * A known coin the server has no data for now, and why (rendered instead of `coin`), with its
   * name in the upstream's coin list when that holds it.
   */
  coinUnavailable?: { id: string; name?: string | undefined } & Unavailable
  /** A page of the full list (`/coins`). */
  marketList?: { page: number; data: MarketListData }
  /** A page of the full list the server has no data for now, and why. */
  listUnavailable?: { page: number } & Unavailable
  /**
   * The signed-in visitor the page is rendered for: such a render is theirs alone, never kept
   * in a cache shared with other visitors (server/site/pages.ts).
   */
  viewer?: SessionUser
  /** On `/account`, the viewer's details, so the page shows them without its script too. */
  account?: AccountDetails
  /**
   * The viewer's watchlist (their stars on every page), and on `/watchlist` its rows in
   * `currency`, from the server's caches alone.
   */
  watchlist?: { coins: string[]; rows?: WatchRow[] }
  /**
   * On `/portfolio`, the viewer's transactions, their coins' rows in `currency` and the rates of
   * their costs' other currencies (null: none), from the server's caches alone.
   */
  portfolio?: { transactions: Transaction[]; rows: WatchRow[]; rates?: CostRates | null }
  /**
   * The page is the server's answer to an address that is no page (its not-found page, 404): the
   * browser shows the not-found page there too, whatever route the address matches (a coin id the
   * market source does not know).
   */
  notFound?: true
}

/** The currency of a page's prices. */
export const pageCurrency = (page: PageData): Currency => page.currency ?? DEFAULT_CURRENCY

/**
 * Why the server has no data for a coin now: the upstream budget is spent (`busy`), this visitor
 * has asked for many coins not cached (`limited`), or the market source cannot be reached
 * (`offline`); with the whole seconds after which asking again may help (its `Retry-After`).
 */
// Only schema functions every page's code already has: valibot's code is shared by all pages.
export const UnavailableSchema = v.object({
  reason: v.picklist(['busy', 'limited', 'offline']),
  seconds: v.number(),
})
export type Unavailable = v.InferOutput<typeof UnavailableSchema>

/** What a page's state says of the queries it had no data for, each by its query hash. */
export const PageUnavailableSchema = v.array(
  v.object({ queryHash: v.string(), ...UnavailableSchema.entries }),
)
export type PageUnavailable = v.InferOutput<typeof PageUnavailableSchema>
