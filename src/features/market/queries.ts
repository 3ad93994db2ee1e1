import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type * as v from 'valibot'
import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import { readDataMeta } from '@contract/data-meta'
import { pageCurrency } from '@contract/page-data'
import { marketApi, parseResponse, requestJson } from '@/lib/http'
import { fetchedAnswer } from '@/lib/page-state'
import { type BrowserStorage, persistQueryData } from '@/lib/persist'
import {
  type GlobalData,
  GlobalDataSchema,
  GlobalResponseSchema,
  type MarketsData,
  MarketsDataSchema,
  type MarketsParams,
  MarketsResponseSchema,
  marketsParams,
  type TrendingData,
  TrendingDataSchema,
  TrendingResponseSchema,
  trendingItems,
} from '@contract/market'

const MINUTE = 60_000

export async function fetchMarkets(
  params: MarketsParams,
  signal?: AbortSignal,
): Promise<MarketsData> {
  const { body, headers } = await requestJson(marketApi, 'coins/markets', {
    searchParams: params,
    signal,
  })
  return { coins: parseResponse(MarketsResponseSchema, body), meta: readDataMeta(headers) }
}

export async function fetchTrending(signal?: AbortSignal): Promise<TrendingData> {
  const { body, headers } = await requestJson(marketApi, 'search/trending', { signal })
  return {
    coins: trendingItems(parseResponse(TrendingResponseSchema, body)),
    meta: readDataMeta(headers),
  }
}

export async function fetchGlobal(signal?: AbortSignal): Promise<GlobalData> {
  const { body, headers } = await requestJson(marketApi, 'global', { signal })
  return { stats: parseResponse(GlobalResponseSchema, body).data, meta: readDataMeta(headers) }
}

export const marketQueries = {
  all: () => ['market'] as const,
  // The key holds the whole query, so each currency is its own entry (and stored list).
  markets: (currency: Currency = DEFAULT_CURRENCY) => {
    const params = marketsParams(currency)
    return queryOptions({
      queryKey: [...marketQueries.all(), 'markets', params] as const,
      queryFn: ({ signal }) => fetchMarkets(params, signal),
      meta: {
        schema: MarketsDataSchema,
        onPage: (page) =>
          page.markets && pageCurrency(page) === currency ? fetchedAnswer(page.markets) : undefined,
      },
      staleTime: MINUTE,
      refetchInterval: MINUTE,
      // Query's defaults, stated: a hidden tab does not refresh, and the tab shown again (its
      // visibilitychange) refreshes at once when the data is older than staleTime.
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
    })
  },
  trending: () =>
    queryOptions({
      queryKey: [...marketQueries.all(), 'trending'] as const,
      queryFn: ({ signal }) => fetchTrending(signal),
      meta: {
        schema: TrendingDataSchema,
        onPage: (page) => page.trending && fetchedAnswer(page.trending),
      },
      staleTime: 5 * MINUTE,
      refetchInterval: 5 * MINUTE,
    }),
  // Every currency's figures come in one answer: one entry, whatever the price list shows.
  global: () =>
    queryOptions({
      queryKey: [...marketQueries.all(), 'global'] as const,
      queryFn: ({ signal }) => fetchGlobal(signal),
      meta: {
        schema: GlobalDataSchema,
        onPage: (page) => page.global && fetchedAnswer(page.global),
      },
      staleTime: 5 * MINUTE,
      refetchInterval: 5 * MINUTE,
    }),
}

/** Each list's key (for the price list, every currency's under one prefix) and the schema its
 * data, from storage or from a page, is checked against. */
export const marketListSchemas: readonly (readonly [readonly unknown[], v.GenericSchema])[] = [
  [[...marketQueries.all(), 'markets'], MarketsDataSchema],
  [marketQueries.trending().queryKey, TrendingDataSchema],
  [marketQueries.global().queryKey, GlobalDataSchema],
]

/**
 * Both lists are kept in storage, so a revisit paints them at once, even offline. Returns what
 * settles a server-rendered page's lists against the stored ones: the newer wins, in both.
 */
export function persistMarketLists(
  queryClient: QueryClient,
  storage: BrowserStorage | undefined,
): () => Promise<void> {
  const syncs = marketListSchemas.map(([queryKey, schema]) =>
    persistQueryData(queryClient, queryKey, schema, storage),
  )
  return async () => {
    await Promise.all(syncs.map((syncWithPage) => syncWithPage()))
  }
}
