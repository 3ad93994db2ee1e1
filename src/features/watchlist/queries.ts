import { hashKey, queryOptions } from '@tanstack/react-query'
import { WatchlistSchema, WatchPricesSchema } from '@contract/watchlist'
import { api, parseResponse, requestJson } from '@/lib/http'

/** The signed-in account's watchlist (`GET /api/watchlist`). */
export async function fetchWatchlist(signal?: AbortSignal): Promise<{ coins: string[] }> {
  const { body } = await requestJson(api, 'api/watchlist', { signal })
  return parseResponse(WatchlistSchema, body)
}

const MINUTE = 60_000

// Loaded on every page (the stars): what only the watchlist's page and a change need is in
// prices.ts, change.ts and merge.ts.
export const watchlistQueries = {
  all: () => ['watchlist'] as const,
  // Private: never stored in the browser (only the market lists are, src/main.tsx).
  account: () =>
    queryOptions({
      queryKey: [...watchlistQueries.all(), 'account'] as const,
      queryFn: ({ signal }) => fetchWatchlist(signal),
      staleTime: MINUTE,
    }),
}

/** The schema of a watchlist query's data in a page's state; undefined for other keys. */
export function watchlistSchemaFor(queryKey: readonly unknown[]) {
  if (hashKey(queryKey) === hashKey(watchlistQueries.account().queryKey)) return WatchlistSchema
  return queryKey[0] === 'watchlist' && queryKey[1] === 'prices' ? WatchPricesSchema : undefined
}
