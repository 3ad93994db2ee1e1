// The full market list (`/coins`), shared by the site and the server (server/market/lists.ts), so
// this module imports valibot and the valibot-only contract modules only. Apart from
// ./market.ts: the landing page's code never carries these schemas.
import * as v from 'valibot'
import { type Currency, CurrencySchema } from './currency'
import { DataMetaSchema } from './data-meta'
import { listOfValid } from './list'
import { MARKETS_PARAMS } from './market'
import { PriceListSchema } from './price-list'

/** Coins per page of the list. */
export const MARKET_LIST_PER_PAGE = 100
/** How many pages the list has at most when the server does not say (`MARKET_LIST_PAGES`). */
export const DEFAULT_MARKET_LIST_PAGES = 20
/** The server's header saying how many pages the list has at most. */
export const MARKET_LIST_PAGES_HEADER = 'X-Market-List-Pages'
/** A row's sparkline keeps at most this many of the upstream's points (168 over 7 days). */
export const SPARKLINE_POINTS = 50
/** Each kept point's significant digits: one part in 100,000, where the line is 40 px tall. */
export const SPARKLINE_DIGITS = 5

/** The exact query of one page of the list; the server accepts it and the price list's only. */
export const MARKET_LIST_PARAMS = {
  vs_currency: 'usd',
  order: MARKETS_PARAMS.order,
  per_page: MARKET_LIST_PER_PAGE,
  page: 1,
  sparkline: true,
  price_change_percentage: '1h,24h,7d',
  locale: MARKETS_PARAMS.locale,
} as const

export type MarketListParams = Omit<typeof MARKET_LIST_PARAMS, 'vs_currency' | 'page'> & {
  vs_currency: Currency
  page: number
}

/** The query for page `page` of the list in `currency`. */
export const marketListParams = (currency: Currency, page: number): MarketListParams => ({
  ...MARKET_LIST_PARAMS,
  vs_currency: currency,
  page,
})

/** The list's query string, as the server validates it (`page` a whole number from 1). */
export const MarketListQuerySchema = v.strictObject({
  vs_currency: CurrencySchema,
  order: v.literal(MARKET_LIST_PARAMS.order),
  per_page: v.literal(String(MARKET_LIST_PARAMS.per_page)),
  page: v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number)),
  sparkline: v.literal(String(MARKET_LIST_PARAMS.sparkline)),
  price_change_percentage: v.literal(MARKET_LIST_PARAMS.price_change_percentage),
  locale: v.literal(MARKET_LIST_PARAMS.locale),
})

/**
 * A sparkline's prices, at most `max` of them: the first and the last, and between them the
 * point of each stretch that keeps the line's shape best (Largest-Triangle-Three-Buckets, as
 * charting libraries downsample), each to `SPARKLINE_DIGITS` significant digits, far finer than its
 * pixels. Points without a price are dropped. The server keeps, renders and sends only these; a
 * line already that short is kept as it is, so the browser's check of the server's lines (a
 * hundred on `/coins`) costs no rounding.
 */
export function sparklinePoints(
  prices: readonly (number | null)[],
  max: number = SPARKLINE_POINTS,
): number[] {
  const points = prices.filter((price): price is number => Number.isFinite(price))
  const round = (value: number) => Number(value.toPrecision(SPARKLINE_DIGITS))
  if (max < 3) throw new RangeError('a sparkline keeps its two ends and at least one point')
  if (points.length <= max) return points
  const at = (index: number) => points[index] as number
  const kept = [at(0)]
  // The points between the ends, in max - 2 stretches; each keeps the point that makes the
  // largest triangle with the point kept before it and the average of the next stretch.
  const stretch = (points.length - 2) / (max - 2)
  let previous = 0
  for (let bucket = 0; bucket < max - 2; bucket++) {
    const start = Math.floor(bucket * stretch) + 1
    const end = Math.floor((bucket + 1) * stretch) + 1
    const nextEnd = Math.min(Math.floor((bucket + 2) * stretch) + 1, points.length)
    let averageX = 0
    let averageY = 0
    for (let i = end; i < nextEnd; i++) {
      averageX += i
      averageY += at(i)
    }
    const count = nextEnd - end
    averageX /= count
    averageY /= count
    let chosen = start
    let largest = -1
    for (let i = start; i < end; i++) {
      const area = Math.abs(
        (previous - averageX) * (at(i) - at(previous)) - (previous - i) * (averageY - at(previous)),
      )
      if (area > largest) {
        largest = area
        chosen = i
      }
    }
    kept.push(at(chosen))
    previous = chosen
  }
  kept.push(at(points.length - 1))
  return kept.map(round)
}

// CoinGecko sends null (or leaves out) numbers it does not know, even prices.
const OptionalNumber = v.nullish(v.number())
const OptionalString = v.nullish(v.string())

/** What a coin's page shows of its row: its price and key figures, in the list's currency. */
export const ListedCoinSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  symbol: v.string(),
  name: v.string(),
  image: OptionalString,
  market_cap_rank: OptionalNumber,
  current_price: OptionalNumber,
  market_cap: OptionalNumber,
  total_volume: OptionalNumber,
  high_24h: OptionalNumber,
  low_24h: OptionalNumber,
  /** In the list's currency, as every figure of the row. */
  price_change_percentage_24h: OptionalNumber,
  circulating_supply: OptionalNumber,
  max_supply: OptionalNumber,
  ath: OptionalNumber,
  ath_change_percentage: OptionalNumber,
  ath_date: OptionalString,
})
export type ListedCoin = v.InferOutput<typeof ListedCoinSchema>

/** One coin of a list page; unknown fields are dropped, the sparkline downsampled. */
export const MarketListCoinSchema = v.object({
  ...ListedCoinSchema.entries,
  price_change_percentage_1h_in_currency: OptionalNumber,
  price_change_percentage_7d_in_currency: OptionalNumber,
  sparkline_in_7d: v.nullish(
    v.object({
      price: v.pipe(
        PriceListSchema,
        v.transform((prices) => sparklinePoints(prices)),
      ),
    }),
  ),
})
export type MarketListCoin = v.InferOutput<typeof MarketListCoinSchema>

/** A page of the list as the upstream sends it; past the last page it is empty. */
export const MarketListResponseSchema = listOfValid(MarketListCoinSchema)
export type MarketListResponse = v.InferOutput<typeof MarketListResponseSchema>

/**
 * A page of the list as the site's query holds it: its coins, what they are, and how many pages
 * the list has at most (the server's `MARKET_LIST_PAGES`).
 */
export const MarketListDataSchema = v.object({
  coins: MarketListResponseSchema,
  meta: DataMetaSchema,
  pages: v.pipe(v.number(), v.integer(), v.minValue(1)),
})
export type MarketListData = v.InferOutput<typeof MarketListDataSchema>

/** A coin's row as its page holds it, seeded from a list page (its price and key figures). */
export const ListedCoinDataSchema = v.object({ coin: ListedCoinSchema, meta: DataMetaSchema })
export type ListedCoinData = v.InferOutput<typeof ListedCoinDataSchema>
