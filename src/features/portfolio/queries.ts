import { queryOptions } from '@tanstack/react-query'
import type { Currency } from '@contract/currency'
import {
  type CostRates,
  CostRatesSchema,
  PortfolioSchema,
  type Transaction,
} from '@contract/portfolio'
import { pageCurrency } from '@contract/page-data'
import { WatchPricesSchema } from '@contract/watchlist'
import { fetchHeldPrices, heldPricesTiming } from '@/lib/held-prices'
import { api, parseResponse, requestJson } from '@/lib/http'

/** The signed-in account's transactions (`GET /api/portfolio`). */
export async function fetchPortfolio(
  signal?: AbortSignal,
): Promise<{ transactions: Transaction[] }> {
  const { body } = await requestJson(api, 'api/portfolio', { signal })
  return parseResponse(PortfolioSchema, body)
}

/** What the costs' currencies are worth in `to`, at the server's exchange rates. */
export async function fetchCostRates(
  to: Currency,
  from: readonly Currency[],
  signal?: AbortSignal,
): Promise<CostRates> {
  const searchParams = { to, from: from.join(',') }
  const { body } = await requestJson(api, 'api/portfolio/rates', { searchParams, signal })
  return parseResponse(CostRatesSchema, body)
}

const MINUTE = 60_000

export const portfolioQueries = {
  all: () => ['portfolio'] as const,
  // Private: never stored in the browser (only the market lists are, src/main.tsx).
  account: () =>
    queryOptions({
      queryKey: [...portfolioQueries.all(), 'account'] as const,
      queryFn: ({ signal }) => fetchPortfolio(signal),
      meta: {
        schema: PortfolioSchema,
        onPage: ({ viewer, portfolio }) =>
          viewer && portfolio ? { data: { transactions: portfolio.transactions } } : undefined,
      },
      staleTime: MINUTE,
    }),
  prices: (currency: Currency, ids: readonly string[]) =>
    queryOptions({
      queryKey: [...portfolioQueries.all(), 'prices', currency, ids] as const,
      // As the watchlist's rows, in parts past 200 coins.
      queryFn: ({ signal }) => fetchHeldPrices(currency, ids, signal),
      meta: {
        schema: WatchPricesSchema,
        onPage: (page) =>
          page.viewer && page.portfolio && ids.length > 0 && pageCurrency(page) === currency
            ? { data: { coins: page.portfolio.rows } }
            : undefined,
      },
      enabled: ids.length > 0,
      ...heldPricesTiming,
    }),
  /** The rates of the costs' currencies other than `currency` (`costCurrencies`). */
  rates: (currency: Currency, from: readonly Currency[]) =>
    queryOptions({
      queryKey: [...portfolioQueries.all(), 'rates', currency, from] as const,
      queryFn: ({ signal }) => fetchCostRates(currency, from, signal),
      meta: {
        schema: CostRatesSchema,
        onPage: (page) =>
          page.viewer && page.portfolio?.rates && from.length > 0 && pageCurrency(page) === currency
            ? { data: page.portfolio.rates }
            : undefined,
      },
      enabled: from.length > 0,
      // The server refreshes its rates every five minutes.
      staleTime: 5 * MINUTE,
    }),
}
