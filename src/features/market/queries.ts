import { type QueryClient, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { marketApi, parseResponse, requestJson } from '@/lib/http'
import { type BrowserStorage, persistQueryData } from '@/lib/persist'
import {
  type DataMeta,
  DataMetaSchema,
  DataSourceSchema,
  MARKETS_PARAMS,
  type MarketsParams,
  MarketsResponseSchema,
  TRENDING_LIMIT,
  TrendingItemsSchema,
  TrendingResponseSchema,
} from './schemas'

const MINUTE = 60_000

function readMeta(headers: Headers): DataMeta {
  const source = v.safeParse(DataSourceSchema, headers.get('X-Data-Source'))
  return {
    source: source.success ? source.output : null,
    updatedAt: headers.get('X-Data-Updated-At'),
  }
}

/** Each list as its query holds it; what comes back from storage is checked against these. */
export const MarketsDataSchema = v.object({ coins: MarketsResponseSchema, meta: DataMetaSchema })
export type MarketsData = v.InferOutput<typeof MarketsDataSchema>
export const TrendingDataSchema = v.object({ coins: TrendingItemsSchema, meta: DataMetaSchema })
export type TrendingData = v.InferOutput<typeof TrendingDataSchema>

export async function fetchMarkets(
  params: MarketsParams,
  signal?: AbortSignal,
): Promise<MarketsData> {
  const { body, headers } = await requestJson(marketApi, 'coins/markets', {
    searchParams: params,
    signal,
  })
  return { coins: parseResponse(MarketsResponseSchema, body), meta: readMeta(headers) }
}

export async function fetchTrending(signal?: AbortSignal): Promise<TrendingData> {
  const { body, headers } = await requestJson(marketApi, 'search/trending', { signal })
  const { coins } = parseResponse(TrendingResponseSchema, body)
  return { coins: coins.slice(0, TRENDING_LIMIT).map((coin) => coin.item), meta: readMeta(headers) }
}

export const marketQueries = {
  all: () => ['market'] as const,
  markets: (params: MarketsParams = MARKETS_PARAMS) =>
    queryOptions({
      queryKey: [...marketQueries.all(), 'markets', params] as const,
      queryFn: ({ signal }) => fetchMarkets(params, signal),
      staleTime: MINUTE,
      refetchInterval: MINUTE,
    }),
  trending: () =>
    queryOptions({
      queryKey: [...marketQueries.all(), 'trending'] as const,
      queryFn: ({ signal }) => fetchTrending(signal),
      staleTime: 5 * MINUTE,
      refetchInterval: 5 * MINUTE,
    }),
}

/** Both lists are kept in storage, so a revisit paints them at once, even offline. */
export function persistMarketLists(queryClient: QueryClient, storage: BrowserStorage | undefined) {
  persistQueryData(queryClient, marketQueries.markets().queryKey, MarketsDataSchema, storage)
  persistQueryData(queryClient, marketQueries.trending().queryKey, TrendingDataSchema, storage)
}
