import { queryOptions } from '@tanstack/react-query'
import type { Currency } from '@contract/currency'
import {
  type CostRates,
  CostRatesSchema,
  PortfolioSchema,
  type Transaction,
} from '@contract/portfolio'
import { WATCHLIST_MAX, WatchPricesSchema, type WatchRow } from '@contract/watchlist'
import { api, marketApi, parseResponse, requestJson } from '@/lib/http'

/** The signed-in account's transactions (`GET /api/portfolio`). */
export async function fetchPortfolio(
  signal?: AbortSignal,
): Promise<{ transactions: Transaction[] }> {
  const { body } = await requestJson(api, 'api/portfolio', { signal })
  return parseResponse(PortfolioSchema, body)
}

/**
 * The coins' rows in `currency`, as the watchlist gets them: what the server holds, each with
 * its age, at no upstream call of their own for a coin a list shows. A request names at most
 * the watchlist's 200 coins, so a larger portfolio asks in parts.
 */
export async function fetchPortfolioPrices(
  currency: Currency,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<{ coins: WatchRow[] }> {
  const parts: string[][] = []
  for (let i = 0; i < ids.length; i += WATCHLIST_MAX) parts.push(ids.slice(i, i + WATCHLIST_MAX))
  const answers = await Promise.all(
    parts.map(async (part) => {
      const searchParams = { vs_currency: currency, ids: part.join(',') }
      const { body } = await requestJson(marketApi, 'watchlist', { searchParams, signal })
      return parseResponse(WatchPricesSchema, body).coins
    }),
  )
  return { coins: answers.flat() }
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

/** When to ask again: a coin without a price as soon as the server says it may help. */
function nextAsk(data: { coins: WatchRow[] } | undefined): number {
  const waits = (data?.coins ?? []).map((row) =>
    row.status === 'missing' && row.reason !== 'unknown'
      ? Math.max(5, row.retryAfterS) * 1000
      : MINUTE,
  )
  return Math.min(MINUTE, ...waits)
}

export const portfolioQueries = {
  all: () => ['portfolio'] as const,
  // Private: never stored in the browser (only the market lists are, src/main.tsx).
  account: () =>
    queryOptions({
      queryKey: [...portfolioQueries.all(), 'account'] as const,
      queryFn: ({ signal }) => fetchPortfolio(signal),
      meta: { schema: PortfolioSchema },
      staleTime: MINUTE,
    }),
  prices: (currency: Currency, ids: readonly string[]) =>
    queryOptions({
      queryKey: [...portfolioQueries.all(), 'prices', currency, ids] as const,
      queryFn: ({ signal }) => fetchPortfolioPrices(currency, ids, signal),
      meta: { schema: WatchPricesSchema },
      enabled: ids.length > 0,
      // A page rendered from the server's caches only may lack some rows: ask for them at once.
      staleTime: ({ state }) =>
        state.data?.coins.some((row) => row.status === 'missing') ? 0 : MINUTE,
      refetchInterval: ({ state }) => nextAsk(state.data),
      refetchIntervalInBackground: false,
    }),
  /** The rates of the costs' currencies other than `currency` (`costCurrencies`). */
  rates: (currency: Currency, from: readonly Currency[]) =>
    queryOptions({
      queryKey: [...portfolioQueries.all(), 'rates', currency, from] as const,
      queryFn: ({ signal }) => fetchCostRates(currency, from, signal),
      meta: { schema: CostRatesSchema },
      enabled: from.length > 0,
      // The server refreshes its rates every five minutes.
      staleTime: 5 * MINUTE,
    }),
}
