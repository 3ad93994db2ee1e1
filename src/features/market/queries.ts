import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { marketApi, parseResponse, requestJson } from '@/lib/http'
import {
  type DataSource,
  DataSourceSchema,
  MARKETS_PARAMS,
  type MarketCoin,
  type MarketsParams,
  MarketsResponseSchema,
  TRENDING_LIMIT,
  type TrendingCoin,
  TrendingResponseSchema,
} from './schemas'

const MINUTE = 60_000

/** Where the data came from, when our server says so (CoinGecko itself sends neither). */
export type DataMeta = { source: DataSource | null; updatedAt: string | null }

function readMeta(headers: Headers): DataMeta {
  const source = v.safeParse(DataSourceSchema, headers.get('X-Data-Source'))
  return {
    source: source.success ? source.output : null,
    updatedAt: headers.get('X-Data-Updated-At'),
  }
}

export type MarketsData = { coins: MarketCoin[]; meta: DataMeta }
export type TrendingData = { coins: TrendingCoin['item'][]; meta: DataMeta }

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
