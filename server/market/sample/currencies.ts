// Prices in the other currencies for the sample data and the fakes: the fixtures hold US dollars
// only, so each list is converted with the exchange rates implied by the `global` fixture's
// totals (taken at the same moment as the prices). Offline, the result is labelled sample like
// the rest.
import global from '../../../mocks/fixtures/global.json' with { type: 'json' }
import {
  type Currency,
  DEFAULT_CURRENCY,
  UPSTREAM_CURRENCIES,
  type UpstreamCurrency,
} from '@contract/currency'
import exchangeRates from '../../../mocks/fixtures/exchange-rates.json' with { type: 'json' }

const totals: Record<string, number> = global.data.total_market_cap

const rates: Record<string, { value: number }> = exchangeRates.rates

/**
 * How many units of `currency` one US dollar was worth in the fixtures: by the `global` totals,
 * else (a currency only converted) by the sample exchange rates, which agree with them.
 */
export function sampleRate(currency: Currency): number {
  const usd = totals.usd
  const other = totals[currency]
  if (usd && other) return other / usd
  const rate = rates[currency]?.value
  const dollar = rates.usd?.value
  if (!rate || !dollar) throw new Error(`the sample has no rate for ${currency}`)
  return rate / dollar
}

// The two currencies that are coins: a coin priced in itself is worth 1, at every moment.
const CURRENCY_COINS: Partial<Record<Currency, string>> = { btc: 'bitcoin', eth: 'ethereum' }

/** The coin `currency` is, if it is one (bitcoin for BTC). */
export const currencyCoin = (currency: Currency): string | undefined => CURRENCY_COINS[currency]

// Money fields of a `coins/markets` coin; percentages, ranks and the rest stay as they are.
const MONEY = ['current_price', 'market_cap', 'total_volume', 'market_cap_change_24h'] as const

/**
 * `coins/markets` (in US dollars) as it would read in `currency`: at the fixtures' rate, except a
 * coin in its own currency (bitcoin in BTC), worth 1 and unchanged, its sums counted in coins.
 */
export function marketsIn<T extends Record<string, unknown>>(
  coins: readonly T[],
  currency: Currency,
): T[] {
  if (currency === DEFAULT_CURRENCY) return [...coins]
  const rate = sampleRate(currency)
  return coins.map((coin) => {
    const converted: Record<string, unknown> = { ...coin }
    const price = coin.current_price
    if (coin.id === currencyCoin(currency) && typeof price === 'number') {
      for (const key of ['market_cap', 'total_volume'] as const) {
        const value = converted[key]
        if (typeof value === 'number') converted[key] = value / price
      }
      Object.assign(converted, {
        current_price: 1,
        market_cap_change_24h: 0,
        price_change_percentage_24h: 0,
      })
      return converted as T
    }
    for (const key of MONEY) {
      const value = converted[key]
      if (typeof value === 'number') converted[key] = value * rate
    }
    return converted as T
  })
}

/** A sum in US dollars in every upstream currency (`coins/{id}`'s `{ usd, eur, … }`). */
export function inCurrencies<T extends number | null>(usd: T): Record<UpstreamCurrency, T> {
  return Object.fromEntries(
    UPSTREAM_CURRENCIES.map((currency) => [
      currency,
      typeof usd === 'number' ? usd * sampleRate(currency) : usd,
    ]),
  ) as Record<UpstreamCurrency, T>
}

type Series = readonly (readonly (number | null)[])[]
type Chart = Record<'prices' | 'market_caps' | 'total_volumes', Series>

/**
 * `coins/{id}/market_chart` of `coinId` (in US dollars) as it would read in `currency`: at the
 * fixtures' rate, except in the coin's own currency, where each value is divided by the coin's
 * price at that moment (bitcoin in BTC: a flat line at 1).
 */
export function chartIn<T extends Chart>(chart: T, currency: Currency, coinId: string): T {
  if (currency === DEFAULT_CURRENCY) return chart
  const own = currencyCoin(currency) === coinId
  const rate = sampleRate(currency)
  const priceAt = new Map(chart.prices.map(([at, price]) => [at, price]))
  // Ten significant digits, as an upstream would send: no float noise in the pages' data.
  const convert = (series: Series) =>
    series.map(([at, value]) => {
      const price = own ? priceAt.get(at) : null
      const converted =
        typeof value !== 'number' ? value : own ? (price ? value / price : null) : value * rate
      return [at, typeof converted === 'number' ? Number(converted.toPrecision(10)) : converted]
    })
  return {
    ...chart,
    prices: convert(chart.prices),
    market_caps: convert(chart.market_caps),
    total_volumes: convert(chart.total_volumes),
  }
}
