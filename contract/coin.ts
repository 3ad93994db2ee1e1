// Shared by the site and the server (server/market), so this module imports valibot and the
// shared data-meta module only (relatively: the server resolves no `@/`).
import * as v from 'valibot'
import {
  CONVERTED_CURRENCIES,
  type Currency,
  CurrencySchema,
  type UpstreamCurrency,
} from './currency'
import { DataMetaSchema } from './data-meta'
import { CoinIdSchema, NamedCoinSchema } from './coin-id'
import { CHART_DAYS } from './chart-range'
import { listOfValid, type OnDropped } from './list'

export { type CoinId, CoinIdSchema, coinPath } from './coin-id'

/** The exact query the site sends to `coins/{id}`; the server accepts nothing else. */
export const COIN_DETAIL_PARAMS = {
  localization: false,
  tickers: false,
  market_data: true,
  community_data: false,
  developer_data: false,
  sparkline: false,
} as const

export const CoinDetailQuerySchema = v.strictObject({
  localization: v.literal(String(COIN_DETAIL_PARAMS.localization)),
  tickers: v.literal(String(COIN_DETAIL_PARAMS.tickers)),
  market_data: v.literal(String(COIN_DETAIL_PARAMS.market_data)),
  community_data: v.literal(String(COIN_DETAIL_PARAMS.community_data)),
  developer_data: v.literal(String(COIN_DETAIL_PARAMS.developer_data)),
  sparkline: v.literal(String(COIN_DETAIL_PARAMS.sparkline)),
})

export const ChartDaysSchema = v.picklist(CHART_DAYS)

/** The query the site sends to `coins/{id}/market_chart`: an offered currency and a span. */
export const MarketChartQuerySchema = v.strictObject({
  vs_currency: CurrencySchema,
  days: ChartDaysSchema,
})
export type MarketChartQuery = v.InferOutput<typeof MarketChartQuerySchema>

// The page's `?range=` and the spans it names live in ./chart-range.ts, small, for the route's
// search validation that every page's entry carries; these are the same values.
export {
  CHART_DAYS,
  CHART_RANGES,
  type ChartDays,
  type ChartRange,
  ChartRangeSchema,
  CoinSearchSchema,
  DEFAULT_CHART_RANGE,
} from './chart-range'

// CoinGecko sends null (or leaves out) any figure it does not know, for any coin.
const OptionalNumber = v.nullish(v.number())
const OptionalString = v.nullish(v.string())
/**
 * A figure per currency (`{ usd: 97412, eur: … }`, some sixty in all): the offered currencies'
 * values are kept, so one upstream call serves a coin's page in each of them. The server writes
 * the converted currencies' over the upstream's own (server/market/convert.ts), so a coin's page
 * and the lists agree.
 */
const perCurrency = <T extends v.GenericSchema>(value: T) =>
  v.nullish(
    v.object({
      usd: value,
      eur: value,
      gbp: value,
      jpy: value,
      btc: value,
      eth: value,
      ...(Object.fromEntries(
        CONVERTED_CURRENCIES.map((currency) => [currency, v.optional(value)]),
      ) as Record<Exclude<Currency, UpstreamCurrency>, v.OptionalSchema<T, undefined>>),
    } satisfies Record<Currency, v.GenericSchema>),
  )
const InCurrencies = perCurrency(OptionalNumber)

/** What the page shows of `coins/{id}`'s `market_data`; every figure may be null or missing. */
export const CoinMarketDataSchema = v.object({
  current_price: InCurrencies,
  market_cap: InCurrencies,
  total_volume: InCurrencies,
  high_24h: InCurrencies,
  low_24h: InCurrencies,
  /** In US dollars; `…_in_currency` has it per currency (a price in euros moves differently). */
  price_change_percentage_24h: OptionalNumber,
  price_change_percentage_24h_in_currency: InCurrencies,
  circulating_supply: OptionalNumber,
  max_supply: OptionalNumber,
  ath: InCurrencies,
  ath_date: perCurrency(OptionalString),
  ath_change_percentage: InCurrencies,
  last_updated: OptionalString,
})
export type CoinMarketData = v.InferOutput<typeof CoinMarketDataSchema>

/**
 * `coins/{id}` with the query above; unknown fields are dropped. The description is the
 * upstream's HTML, kept as text here: whoever shows it decides what of it may render.
 */
export const CoinDetailSchema = v.object({
  id: CoinIdSchema,
  symbol: v.string(),
  name: v.string(),
  image: v.nullish(
    v.object({ thumb: OptionalString, small: OptionalString, large: OptionalString }),
  ),
  market_cap_rank: OptionalNumber,
  description: v.nullish(v.object({ en: OptionalString })),
  links: v.nullish(v.object({ homepage: v.nullish(v.array(v.nullable(v.string()))) })),
  market_data: v.nullish(CoinMarketDataSchema),
})
export type CoinDetail = v.InferOutput<typeof CoinDetailSchema>

/**
 * `coins/{id}/market_chart`'s prices, `[time in ms, price]`, oldest first. A point without a price
 * is dropped, so a chart draws the points it has; the market caps and volumes are not kept.
 */
export const MarketChartSchema = v.object({
  prices: v.pipe(
    v.array(v.tuple([v.number(), v.nullable(v.number())])),
    v.transform((points) => points.filter((point): point is [number, number] => point[1] !== null)),
  ),
})
export type MarketChart = v.InferOutput<typeof MarketChartSchema>

/**
 * `coins/list`: every coin the upstream knows. An entry of another shape (an id we could never
 * ask for) is dropped; a list in which none is valid is an error, since the API changed.
 */
export const coinListSchema = (onDropped?: OnDropped) => listOfValid(NamedCoinSchema, onDropped)
export const CoinListSchema = coinListSchema()
export type CoinList = v.InferOutput<typeof CoinListSchema>

/** A coin's name alone, as the coin list gives it (a page with no other data is headed by it). */
export const CoinNameSchema = v.object({ name: v.string() })
export type CoinName = v.InferOutput<typeof CoinNameSchema>

/** A coin's details and chart as the site's queries hold them, with where they came from. */
export const CoinDetailDataSchema = v.object({ coin: CoinDetailSchema, meta: DataMetaSchema })
export const CoinChartDataSchema = v.object({ chart: MarketChartSchema, meta: DataMetaSchema })
export type CoinDetailData = v.InferOutput<typeof CoinDetailDataSchema>
export type CoinChartData = v.InferOutput<typeof CoinChartDataSchema>
