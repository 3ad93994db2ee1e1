import { queryOptions, skipToken } from '@tanstack/react-query'
import type { Currency } from '@contract/currency'
import { readDataMeta } from '@contract/data-meta'
import { type ListedCoinData, ListedCoinDataSchema } from '@contract/market-list'
import { pageCurrency } from '@contract/page-data'
import { ApiError, marketApi, parseResponse, requestJson } from '@/lib/http'
import { fetchedAnswer, unavailableAnswer } from '@/lib/page-state'
import {
  CHART_RANGES,
  COIN_DETAIL_PARAMS,
  type ChartRange,
  type CoinChartData,
  CoinChartDataSchema,
  type CoinDetailData,
  CoinDetailDataSchema,
  CoinDetailSchema,
  type CoinName,
  CoinNameSchema,
  MarketChartSchema,
} from '@contract/coin'

const MINUTE = 60_000

/** The server's `404 unknown_coin`: the upstream's list of coins does not name this id. */
export const isUnknownCoin = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'unknown_coin'

export async function fetchCoin(id: string, signal?: AbortSignal): Promise<CoinDetailData> {
  const { body, headers } = await requestJson(marketApi, `coins/${encodeURIComponent(id)}`, {
    searchParams: COIN_DETAIL_PARAMS,
    signal,
  })
  return { coin: parseResponse(CoinDetailSchema, body), meta: readDataMeta(headers) }
}

export async function fetchCoinChart(
  id: string,
  range: ChartRange,
  currency: Currency,
  signal?: AbortSignal,
): Promise<CoinChartData> {
  const { body, headers } = await requestJson(
    marketApi,
    `coins/${encodeURIComponent(id)}/market_chart`,
    { searchParams: { vs_currency: currency, days: CHART_RANGES[range] }, signal },
  )
  return { chart: parseResponse(MarketChartSchema, body), meta: readDataMeta(headers) }
}

// The server's own TTLs (server/market/coins.ts): asking sooner would only get the cached answer.
const DETAIL_STALE_MS = MINUTE
const chartStaleMs = (range: ChartRange) => (range === '24h' ? 5 * MINUTE : 30 * MINUTE)

export const coinQueries = {
  all: () => ['coin'] as const,
  // One detail holds the coin's figures in every offered currency; a chart is in one.
  detail: (id: string) =>
    queryOptions({
      queryKey: [...coinQueries.all(), id, 'detail'] as const,
      queryFn: ({ signal }) => fetchCoin(id, signal),
      meta: {
        schema: CoinDetailDataSchema,
        onPage: ({ coin, coinUnavailable }) => {
          if (coin?.id === id && coin.detail) return fetchedAnswer(coin.detail)
          if (coinUnavailable?.id === id) return unavailableAnswer(coinUnavailable)
          return undefined
        },
      },
      staleTime: DETAIL_STALE_MS,
      refetchInterval: DETAIL_STALE_MS,
    }),
  /**
   * The coin's row on a page of the full list in `currency`: its price and key figures at once,
   * with no request of its own. Never fetched: the route seeds it from the list's queries, the
   * server from the list it holds.
   */
  listed: (id: string, currency: Currency) =>
    queryOptions<ListedCoinData>({
      queryKey: [...coinQueries.all(), id, 'listed', currency] as const,
      queryFn: skipToken,
      meta: {
        schema: ListedCoinDataSchema,
        onPage: (page) =>
          page.coin?.id === id && page.coin.listed && pageCurrency(page) === currency
            ? fetchedAnswer(page.coin.listed)
            : undefined,
      },
    }),
  /**
   * The coin's name in the upstream's coin list, for a page with no other data (the server had
   * none). Never fetched: the server seeds it.
   */
  named: (id: string) =>
    queryOptions<CoinName>({
      queryKey: [...coinQueries.all(), id, 'name'] as const,
      queryFn: skipToken,
      meta: {
        schema: CoinNameSchema,
        onPage: ({ coinUnavailable }) =>
          coinUnavailable?.id === id && coinUnavailable.name
            ? { data: { name: coinUnavailable.name } }
            : undefined,
      },
    }),
  chart: (id: string, range: ChartRange, currency: Currency) =>
    queryOptions({
      queryKey: [...coinQueries.all(), id, 'chart', currency, range] as const,
      queryFn: ({ signal }) => fetchCoinChart(id, range, currency, signal),
      meta: {
        schema: CoinChartDataSchema,
        onPage: (page) =>
          page.coin?.id === id &&
          page.coin.range === range &&
          page.coin.chart &&
          pageCurrency(page) === currency
            ? fetchedAnswer(page.coin.chart)
            : undefined,
      },
      staleTime: chartStaleMs(range),
    }),
}
