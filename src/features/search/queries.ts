import { type QueryClient, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { readDataMeta } from '@contract/data-meta'
import {
  type SearchData,
  SearchDataSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '@contract/search'
import { api, parseResponse, requestJson } from '@/lib/http'

export async function fetchSearch(q: string, signal?: AbortSignal): Promise<SearchData> {
  const { body, headers } = await requestJson(api, 'api/search', {
    searchParams: { q },
    signal,
  })
  return { ...parseResponse(SearchResponseSchema, body), meta: readDataMeta(headers) }
}

/** The text a search sends, or null when it is none (empty, too long, a control character). */
export function searchText(q: string | undefined): string | null {
  const parsed = v.safeParse(SearchQuerySchema, q ?? '')
  return parsed.success ? parsed.output : null
}

export const searchQueries = {
  all: () => ['search'] as const,
  /** `q` as `searchText` gives it: the same search is one entry, however it was spaced. */
  results: (q: string) =>
    queryOptions({
      queryKey: [...searchQueries.all(), q] as const,
      queryFn: ({ signal }) => fetchSearch(q, signal),
      meta: {
        schema: SearchDataSchema,
        onPage: ({ search }) =>
          search && searchText(search.q) === q ? { data: search.data } : undefined,
      },
      // Ranks move with the market lists, which the server refreshes each minute.
      staleTime: 60_000,
      // A search is retried by typing, and offline it says so at once instead of waiting.
      retry: false,
      networkMode: 'always',
    }),
}

/** A coin's name from a search this browser made, whatever was typed. */
export function findSearchedCoinName(queryClient: QueryClient, id: string): string | null {
  for (const [, data] of queryClient.getQueriesData({ queryKey: searchQueries.all() })) {
    // Each entry is checked: the prefix alone does not tell Query the data's type.
    if (!v.is(SearchDataSchema, data)) continue
    const coin = data.coins.find((found) => found.id === id)
    if (coin) return coin.name
  }
  return null
}
