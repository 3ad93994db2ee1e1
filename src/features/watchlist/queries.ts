import { hashKey, queryOptions } from '@tanstack/react-query'
import type { Currency } from '@contract/currency'
import {
  WatchlistMergedSchema,
  WatchlistSchema,
  WatchPricesSchema,
  type WatchRow,
} from '@contract/watchlist'
import { api, marketApi, parseResponse, requestJson } from '@/lib/http'

/** The signed-in account's watchlist (`GET /api/watchlist`). */
export async function fetchWatchlist(signal?: AbortSignal): Promise<{ coins: string[] }> {
  const { body } = await requestJson(api, 'api/watchlist', { signal })
  return parseResponse(WatchlistSchema, body)
}

/** Stars (`PUT`) or unstars (`DELETE`) a coin of the account's watchlist; both idempotent. */
export async function changeWatchlist(id: string, watch: boolean): Promise<{ coins: string[] }> {
  const method = watch ? 'put' : 'delete'
  const { body } = await requestJson(api, `api/watchlist/${id}`, { method })
  return parseResponse(WatchlistSchema, body)
}

/** Merges the browser's list into the account's: the account's list after, and what it refused. */
export async function mergeWatchlist(coins: readonly string[]) {
  const { body } = await requestJson(api, 'api/watchlist', { method: 'post', json: { coins } })
  return parseResponse(WatchlistMergedSchema, body)
}

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

export const watchlistQueries = {
  all: () => ['watchlist'] as const,
  // Private: never stored in the browser (only the market lists are, src/main.tsx).
  account: () =>
    queryOptions({
      queryKey: [...watchlistQueries.all(), 'account'] as const,
      queryFn: ({ signal }) => fetchWatchlist(signal),
      staleTime: MINUTE,
    }),
  // The ids in the key in their order: the rows come in the list's order.
  prices: (currency: Currency, ids: readonly string[]) =>
    queryOptions({
      queryKey: [...watchlistQueries.all(), 'prices', currency, ids] as const,
      queryFn: ({ signal }) => fetchWatchPrices(currency, ids, signal),
      enabled: ids.length > 0,
      // A page rendered from the server's caches only may lack some rows: ask for them at once.
      staleTime: ({ state }) =>
        state.data?.coins.some((row) => row.status === 'missing') ? 0 : MINUTE,
      refetchInterval: ({ state }) => nextAsk(state.data),
      refetchIntervalInBackground: false,
    }),
}

/** The schema of a watchlist query's data in a page's state; undefined for other keys. */
export function watchlistSchemaFor(queryKey: readonly unknown[]) {
  if (hashKey(queryKey) === hashKey(watchlistQueries.account().queryKey)) return WatchlistSchema
  return queryKey[0] === 'watchlist' && queryKey[1] === 'prices' ? WatchPricesSchema : undefined
}
