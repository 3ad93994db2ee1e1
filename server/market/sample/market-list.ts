// The first page of the full list (`/coins`) as sample data, in CoinGecko's `coins/markets` shape
// with `sparkline=true&price_change_percentage=1h,24h,7d`: one row per sample coin (the price
// list's six and the trending coins), made from the very data their sample pages show, so a row
// and its coin's page agree. Used by the server's sample data, the MSW handlers and the fake
// upstream.
import type { Currency } from '@contract/currency'
import { sampleCoinDetail, sampleCoinSources, sampleMarketChart } from './coins'
import { chartIn } from './currencies'

type PerCurrency<T> = Partial<Record<Currency, T | null>>
type SampleMarketData = {
  current_price: PerCurrency<number>
  market_cap: PerCurrency<number>
  total_volume: PerCurrency<number>
  high_24h: PerCurrency<number>
  low_24h: PerCurrency<number>
  ath: PerCurrency<number>
  ath_change_percentage: PerCurrency<number>
  ath_date: PerCurrency<string>
  price_change_percentage_24h_in_currency: PerCurrency<number>
  circulating_supply: number | null
  max_supply: number | null
}

/** The change in per cent from `then` to `now`; null without both. */
const change = (now: number | null | undefined, then: number | null | undefined) =>
  typeof now === 'number' && typeof then === 'number' && then !== 0 ? (now / then - 1) * 100 : null

/** A row as the upstream sends it: an id, and whatever else it has. */
export type SampleListRow = { id: string } & Record<string, unknown>

/**
 * The sample list's rows in `currency`, largest market cap first (a coin without one last), its
 * figures those of the coin's sample page at `endMs`, its 1 h and 7 d changes and its sparkline
 * from the coin's sample 7-day chart (hourly, as the upstream sends).
 */
export function sampleMarketList(currency: Currency, endMs: number): SampleListRow[] {
  const rows = [...sampleCoinSources.values()].map((source) => {
    const detail = sampleCoinDetail(source, endMs)
    const market = detail.market_data as SampleMarketData
    const at = <T>(values: PerCurrency<T>) => values[currency] ?? null
    const week = sampleMarketChart(source, '7', endMs)
    const prices = week ? chartIn(week, currency, source.id).prices.map(([, price]) => price) : []
    const price = at(market.current_price)
    return {
      id: source.id,
      symbol: source.symbol,
      name: source.name,
      image: source.image,
      current_price: price,
      market_cap: at(market.market_cap),
      market_cap_rank: source.market_cap_rank,
      total_volume: at(market.total_volume),
      high_24h: at(market.high_24h),
      low_24h: at(market.low_24h),
      price_change_percentage_24h: at(market.price_change_percentage_24h_in_currency),
      circulating_supply: market.circulating_supply,
      max_supply: market.max_supply,
      ath: at(market.ath),
      ath_change_percentage: at(market.ath_change_percentage),
      ath_date: at(market.ath_date),
      last_updated: source.last_updated,
      sparkline_in_7d: { price: prices },
      // The chart is hourly and ends now: its point before last is an hour old, its first a week.
      price_change_percentage_1h_in_currency: change(price, prices.at(-2)),
      price_change_percentage_24h_in_currency: at(market.price_change_percentage_24h_in_currency),
      price_change_percentage_7d_in_currency: change(price, prices[0]),
    }
  })
  const cap = (row: SampleListRow) => (typeof row.market_cap === 'number' ? row.market_cap : -1)
  return rows.sort((a, b) => cap(b) - cap(a))
}
