import { type QueryClient, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import { readDataMeta } from '@contract/data-meta'
import type { MarketsData } from '@contract/market'
import {
  DEFAULT_MARKET_LIST_PAGES,
  type ListedCoinData,
  ListedCoinSchema,
  MARKET_LIST_PAGES_HEADER,
  type MarketListData,
  MarketListDataSchema,
  MarketListResponseSchema,
  marketListParams,
} from '@contract/market-list'
import { pageCurrency } from '@contract/page-data'
import { ApiError, marketApi, parseResponse, requestJson } from '@/lib/http'
import { fetchedAnswer, unavailableAnswer } from '@/lib/page-state'
import { marketQueries } from './queries'

const MINUTE = 60_000

/** How many pages the list has at most: the server says so; CoinGecko itself does not. */
function listPages(headers: Headers): number {
  const pages = Number(headers.get(MARKET_LIST_PAGES_HEADER))
  return Number.isInteger(pages) && pages >= 1 ? pages : DEFAULT_MARKET_LIST_PAGES
}

export async function fetchMarketList(
  currency: Currency,
  page: number,
  signal?: AbortSignal,
): Promise<MarketListData> {
  const { body, headers } = await requestJson(marketApi, 'coins/markets', {
    searchParams: marketListParams(currency, page),
    signal,
  })
  return {
    coins: parseResponse(MarketListResponseSchema, body),
    meta: readDataMeta(headers),
    pages: listPages(headers),
  }
}

/** The server's `404 no_such_page`: past the list's last page. */
export const isNoSuchPage = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'no_such_page'

// The server's own TTLs (MARKETS_TTL_S for the first page in dollars, MARKET_LIST_TTL_S's default
// for the rest): asking sooner would only get the cached answer.
const staleMs = (currency: Currency, page: number) =>
  page === 1 && currency === DEFAULT_CURRENCY ? MINUTE : 5 * MINUTE

export const marketListQueries = {
  all: () => [...marketQueries.all(), 'list'] as const,
  /** Every page in `currency`: where a coin's row is looked for. */
  inCurrency: (currency: Currency) => [...marketListQueries.all(), currency] as const,
  page: (currency: Currency, page: number) =>
    queryOptions({
      queryKey: [...marketListQueries.inCurrency(currency), page] as const,
      queryFn: ({ signal }) => fetchMarketList(currency, page, signal),
      meta: {
        schema: MarketListDataSchema,
        onPage: (data) => {
          if (pageCurrency(data) !== currency) return undefined
          if (data.marketList?.page === page) return fetchedAnswer(data.marketList.data)
          if (data.listUnavailable?.page === page) return unavailableAnswer(data.listUnavailable)
          return undefined
        },
      },
      staleTime: staleMs(currency, page),
      refetchInterval: staleMs(currency, page),
    }),
}

/**
 * A coin's row on a page of the list in `currency` that this browser holds (the first such page),
 * and that page's key. Read from the pages the cache holds: a coin page's loader runs on every
 * hover of a coin link, and asking for each page that could exist cost hundreds of lookups.
 */
function findListRow(queryClient: QueryClient, id: string, currency: Currency) {
  const held = queryClient.getQueriesData<MarketListData>({
    queryKey: marketListQueries.inCurrency(currency),
  })
  const byPage = held.sort(([a], [b]) => Number(a[3]) - Number(b[3]))
  for (const [queryKey, list] of byPage) {
    const row = list?.coins.find((coin) => coin.id === id)
    if (list && row) return { row, list, queryKey }
  }
  return null
}

/**
 * A coin's row on a page of the list in `currency` that this browser holds, as the coin's listed
 * query keeps it (its price and key figures), with when that page was fetched.
 */
export function findListedCoin(
  queryClient: QueryClient,
  id: string,
  currency: Currency,
): { data: ListedCoinData; updatedAt: number } | null {
  const found = findListRow(queryClient, id, currency)
  if (!found) return null
  const { row, list, queryKey } = found
  const updatedAt = queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0
  return { data: { coin: v.parse(ListedCoinSchema, row), meta: list.meta }, updatedAt }
}

/**
 * A coin's name from any market list this browser holds: the price list and the full list in
 * every currency, and the trending coins. The link that led to a coin page came from one of them.
 */
export function findMarketCoinName(queryClient: QueryClient, id: string): string | null {
  const trending = queryClient.getQueryData(marketQueries.trending().queryKey)
  const trendingName = trending?.coins.find((coin) => coin.id === id)?.name
  if (trendingName !== undefined) return trendingName
  const lists = [
    ...queryClient.getQueriesData<MarketsData>({ queryKey: [...marketQueries.all(), 'markets'] }),
    ...queryClient.getQueriesData<MarketListData>({ queryKey: marketListQueries.all() }),
  ]
  for (const [, list] of lists) {
    const name = list?.coins.find((coin) => coin.id === id)?.name
    if (name !== undefined) return name
  }
  return null
}
