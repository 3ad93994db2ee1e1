// Shared by the site and the server (server/market), so this module imports valibot (and the
// valibot-only ./data-meta) only.
import * as v from 'valibot'
import { CURRENCIES, type Currency, CurrencySchema } from './currency'
import { DataMetaSchema } from './data-meta'
import { listOfValid } from './list'

/** The exact query the site sends to `coins/markets`; the server accepts nothing else. */
export const MARKETS_PARAMS = {
  vs_currency: 'usd',
  order: 'market_cap_desc',
  per_page: 6,
  page: 1,
  sparkline: false,
  locale: 'en',
} as const

export type MarketsParams = Omit<typeof MARKETS_PARAMS, 'vs_currency'> & { vs_currency: Currency }

/** The query for the price list in `currency`: the site's one query, with its currency. */
export const marketsParams = (currency: Currency): MarketsParams =>
  currency === MARKETS_PARAMS.vs_currency
    ? MARKETS_PARAMS
    : { ...MARKETS_PARAMS, vs_currency: currency }

/**
 * The query strings our server's market endpoints accept: exactly what the site sends, each
 * parameter once, in one of the offered currencies. The upstream bills by request, so the
 * endpoints must not become an open proxy.
 */
export const MarketsQuerySchema = v.strictObject({
  vs_currency: CurrencySchema,
  order: v.literal(String(MARKETS_PARAMS.order)),
  per_page: v.literal(String(MARKETS_PARAMS.per_page)),
  page: v.literal(String(MARKETS_PARAMS.page)),
  sparkline: v.literal(String(MARKETS_PARAMS.sparkline)),
  locale: v.literal(String(MARKETS_PARAMS.locale)),
})
export const NoQuerySchema = v.strictObject({})

/** How many trending coins the page promises (the upstream now sends 15). */
export const TRENDING_LIMIT = 7

// CoinGecko sends null (or leaves out) numbers it does not know, even prices.
const OptionalNumber = v.nullish(v.number())
const OptionalString = v.nullish(v.string())

/** One coin of `coins/markets`; unknown fields are dropped. */
export const MarketCoinSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  symbol: v.string(),
  name: v.string(),
  image: OptionalString,
  current_price: OptionalNumber,
  market_cap: OptionalNumber,
  market_cap_rank: OptionalNumber,
  total_volume: OptionalNumber,
  price_change_percentage_24h: OptionalNumber,
  market_cap_change_24h: OptionalNumber,
  /** When the upstream last priced the coin: its own time, apart from when we fetched it. */
  last_updated: OptionalString,
})
export type MarketCoin = v.InferOutput<typeof MarketCoinSchema>

/** One trending coin's details. */
export const TrendingItemSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  name: v.string(),
  symbol: v.string(),
  market_cap_rank: OptionalNumber,
  thumb: OptionalString,
  large: OptionalString,
  score: OptionalNumber,
})
export type TrendingItem = v.InferOutput<typeof TrendingItemSchema>

/** One coin of `search/trending`, under its `item` key as the upstream sends it. */
export const TrendingCoinSchema = v.object({ item: TrendingItemSchema })
export type TrendingCoin = v.InferOutput<typeof TrendingCoinSchema>

export const MarketsResponseSchema = listOfValid(MarketCoinSchema)
export type MarketsResponse = v.InferOutput<typeof MarketsResponseSchema>

export const TrendingResponseSchema = v.object({ coins: listOfValid(TrendingCoinSchema) })
export type TrendingResponse = v.InferOutput<typeof TrendingResponseSchema>

/** Trending coins as the site keeps them (without the `item` wrapper), by the same rule. */
export const TrendingItemsSchema = listOfValid(TrendingItemSchema)

/** Each list as the site's query holds it; stored and server-rendered data are checked against these. */
export const MarketsDataSchema = v.object({ coins: MarketsResponseSchema, meta: DataMetaSchema })
export type MarketsData = v.InferOutput<typeof MarketsDataSchema>
export const TrendingDataSchema = v.object({ coins: TrendingItemsSchema, meta: DataMetaSchema })
export type TrendingData = v.InferOutput<typeof TrendingDataSchema>

/** The trending cut: the first coins the upstream ranks, without their `item` wrapper. */
export const trendingItems = (response: TrendingResponse) =>
  response.coins.slice(0, TRENDING_LIMIT).map((coin) => coin.item)

// `global`: one figure per currency; the upstream sends ~60, the site keeps those it offers.
const PerCurrencySchema = v.object(
  Object.fromEntries(CURRENCIES.map((currency) => [currency, OptionalNumber])) as Record<
    Currency,
    typeof OptionalNumber
  >,
)

/** The whole market, from `global` (under its `data` key); unknown fields are dropped. */
export const GlobalStatsSchema = v.object({
  active_cryptocurrencies: OptionalNumber,
  total_market_cap: PerCurrencySchema,
  total_volume: PerCurrencySchema,
  market_cap_percentage: v.object({ btc: OptionalNumber, eth: OptionalNumber }),
  // The upstream gives the change in US dollars only.
  market_cap_change_percentage_24h_usd: OptionalNumber,
  updated_at: OptionalNumber,
})
export type GlobalStats = v.InferOutput<typeof GlobalStatsSchema>

export const GlobalResponseSchema = v.object({ data: GlobalStatsSchema })
export type GlobalResponse = v.InferOutput<typeof GlobalResponseSchema>

/** The global market as the site's query holds it. */
export const GlobalDataSchema = v.object({ stats: GlobalStatsSchema, meta: DataMetaSchema })
export type GlobalData = v.InferOutput<typeof GlobalDataSchema>
