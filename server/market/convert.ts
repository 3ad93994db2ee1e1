import type { CoinDetail, MarketChart } from '@contract/coin'
import { CONVERTED_CURRENCIES, type ConvertedCurrency } from '@contract/currency'
import type { GlobalResponse, MarketsResponse } from '@contract/market'
import type { MarketListResponse } from '@contract/market-list'

/**
 * Units of a converted currency for one US dollar: now, and about a day before when the server
 * holds a rate from then (else null: a 24 h change stays the dollar's).
 */
export type Rate = { now: number; day: number | null }

type Numeric = number | null | undefined

const times = (value: Numeric, rate: number): Numeric =>
  typeof value === 'number' ? value * rate : value

/**
 * A 24 h change in percent, from dollars into the currency: the dollar's move compounded with the
 * rate's own over the day, `(1 + p) × now / day − 1`; the dollar's change without a day-old rate.
 */
export function percentIn(percent: Numeric, rate: Rate): Numeric {
  if (typeof percent !== 'number' || rate.day === null) return percent
  return ((1 + percent / 100) * (rate.now / rate.day) - 1) * 100
}

/**
 * A 24 h change of a sum, into the currency: today's sum at today's rate less the day-old sum
 * (`value − change`) at the day-old rate; without that rate, the change at today's rate.
 */
export function changeIn(change: Numeric, value: Numeric, rate: Rate): Numeric {
  if (typeof change !== 'number') return change
  if (rate.day === null || typeof value !== 'number') return change * rate.now
  return value * rate.now - (value - change) * rate.day
}

/** The price list (`coins/markets`) in dollars, in the currency. */
export function convertMarkets(rows: MarketsResponse, rate: Rate): MarketsResponse {
  return rows.map((coin) => ({
    ...coin,
    current_price: times(coin.current_price, rate.now),
    market_cap: times(coin.market_cap, rate.now),
    total_volume: times(coin.total_volume, rate.now),
    price_change_percentage_24h: percentIn(coin.price_change_percentage_24h, rate),
    market_cap_change_24h: changeIn(coin.market_cap_change_24h, coin.market_cap, rate),
  }))
}

/**
 * A page of the full list in dollars, in the currency. The 1 h and 7 d changes stay the dollar's:
 * the server keeps rates for about a day only, and over an hour a rate barely moves.
 */
export function convertList(rows: MarketListResponse, rate: Rate): MarketListResponse {
  return rows.map((coin) => ({
    ...coin,
    current_price: times(coin.current_price, rate.now),
    market_cap: times(coin.market_cap, rate.now),
    total_volume: times(coin.total_volume, rate.now),
    high_24h: times(coin.high_24h, rate.now),
    low_24h: times(coin.low_24h, rate.now),
    ath: times(coin.ath, rate.now),
    price_change_percentage_24h: percentIn(coin.price_change_percentage_24h, rate),
    sparkline_in_7d: coin.sparkline_in_7d && {
      price: coin.sparkline_in_7d.price.map((price) => Number((price * rate.now).toPrecision(6))),
    },
  }))
}

/** A chart in dollars, every point at today's rate (the rate's own past is not kept). */
export function convertChart(chart: MarketChart, rate: Rate): MarketChart {
  return { prices: chart.prices.map(([at, price]) => [at, price * rate.now]) }
}

type PerCurrency<T> = { usd?: T | null | undefined } & Partial<
  Record<ConvertedCurrency, T | null | undefined>
>

/** `{ usd, … }` with every converted currency's figure made from the dollar's. */
function filled<T extends PerCurrency<number>>(
  per: T | null | undefined,
  rates: Rates,
  convert: (usd: Numeric, rate: Rate) => Numeric,
): T | null | undefined {
  if (!per) return per
  const out: Record<string, Numeric> = { ...per }
  for (const currency of CONVERTED_CURRENCIES) {
    const rate = rates(currency)
    out[currency] = rate ? convert(per.usd, rate) : undefined
  }
  return out as T
}

/** Each converted currency's rate now, or null when none is held. */
export type Rates = (currency: ConvertedCurrency) => Rate | null

/**
 * A coin's details (every currency in one answer) with each converted currency's figures made
 * from the dollar's, written over any the upstream sent: the coin's page then agrees with the
 * lists, which are converted too. An all-time high's date is the dollar's.
 */
export function convertDetail(detail: CoinDetail, rates: Rates): CoinDetail {
  const market = detail.market_data
  if (!market) return detail
  const money = (usd: Numeric, rate: Rate) => times(usd, rate.now)
  const athDate: Record<string, string | null | undefined> = { ...market.ath_date }
  for (const currency of CONVERTED_CURRENCIES) athDate[currency] = market.ath_date?.usd
  return {
    ...detail,
    market_data: {
      ...market,
      current_price: filled(market.current_price, rates, money),
      market_cap: filled(market.market_cap, rates, money),
      total_volume: filled(market.total_volume, rates, money),
      high_24h: filled(market.high_24h, rates, money),
      low_24h: filled(market.low_24h, rates, money),
      ath: filled(market.ath, rates, money),
      ath_change_percentage: filled(market.ath_change_percentage, rates, (usd) => usd),
      ath_date: market.ath_date && (athDate as typeof market.ath_date),
      price_change_percentage_24h_in_currency: filled(
        market.price_change_percentage_24h_in_currency,
        rates,
        percentIn,
      ),
    },
  }
}

/** The whole market with each converted currency's totals made from the dollar's. */
export function convertGlobal(global: GlobalResponse, rates: Rates): GlobalResponse {
  const money = (usd: Numeric, rate: Rate) => times(usd, rate.now)
  return {
    data: {
      ...global.data,
      total_market_cap: filled(global.data.total_market_cap, rates, money) ?? {},
      total_volume: filled(global.data.total_volume, rates, money) ?? {},
    },
  }
}
