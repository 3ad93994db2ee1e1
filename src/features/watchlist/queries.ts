import { queryOptions } from '@tanstack/react-query'
import { WatchlistSchema } from '@contract/watchlist'
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
      meta: {
        schema: WatchlistSchema,
        onPage: ({ viewer, watchlist }) =>
          viewer && watchlist ? { data: { coins: watchlist.coins } } : undefined,
      },
      staleTime: MINUTE,
    }),
}
