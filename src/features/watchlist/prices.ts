import { queryOptions } from '@tanstack/react-query'
import type { Currency } from '@contract/currency'
import { WatchPricesSchema, type WatchRow } from '@contract/watchlist'
import { marketApi, parseResponse, requestJson } from '@/lib/http'
import { watchlistQueries } from './queries'

/** The rows of some coins in `currency`, from what the server holds. */
export async function fetchWatchPrices(
  currency: Currency,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<{ coins: WatchRow[] }> {
  const searchParams = { vs_currency: currency, ids: ids.join(',') }
  const { body } = await requestJson(marketApi, 'watchlist', { searchParams, signal })
  return parseResponse(WatchPricesSchema, body)
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

/** The watched coins' rows in `currency`, for the watchlist's page; the ids in the key in their
 * order, as the rows come. */
export const watchPrices = (currency: Currency, ids: readonly string[]) =>
  queryOptions({
    queryKey: [...watchlistQueries.all(), 'prices', currency, ids] as const,
    queryFn: ({ signal }) => fetchWatchPrices(currency, ids, signal),
    meta: { schema: WatchPricesSchema },
    enabled: ids.length > 0,
    // A page rendered from the server's caches only may lack some rows: ask for them at once.
    staleTime: ({ state }) =>
      state.data?.coins.some((row) => row.status === 'missing') ? 0 : MINUTE,
    refetchInterval: ({ state }) => nextAsk(state.data),
    refetchIntervalInBackground: false,
  })
