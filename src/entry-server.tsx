// Renders a path through the real route tree: at build time for every page (scripts/prerender.ts),
// and on the server for the pages that show market data, with the data its cache holds
// (server/site/pages.ts). The server loads the build of this module, dist/prerender/entry-server.js.
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  hashKey,
  type Query,
  QueryClientProvider,
} from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { loadUserMenu } from '@/features/auth/components/account-menu'
import { accountQueries } from '@/features/auth/account-session'
import { authQueries } from '@/features/auth/session'
import { loadPriceExtras } from '@/features/market/late-price-extras'
import { coinQueries } from '@/features/coin/queries'
import type { PageData } from '@contract/page-data'
import { marketQueries } from '@/features/market/queries'
import { marketListQueries } from '@/features/market/list-queries'
import { searchQueries, searchText } from '@/features/search/queries'
import { converterQueries } from '@/features/converter/queries'
import { watchPrices } from '@/features/watchlist/prices'
import { watchlistQueries } from '@/features/watchlist/queries'
import { portfolioQueries } from '@/features/portfolio/queries'
import { costCurrencies, holdingIds } from '@contract/portfolio'
import { DEFAULT_CURRENCY } from '@contract/currency'
import { type PageState, PageStateContext, pageStateElement } from '@/lib/page-state'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from './router'

/**
 * The route's HTML as React renders it (its <title>/<meta>/<link> first, which belong in <head>:
 * server/site/html.ts puts each part in its place), and the data block that goes after `#root`
 * (null without data).
 */
export type RenderedPage = { html: string; state: string | null }

// When the upstream sent the data, so the browser refreshes it once it is as old as its staleTime.
const fetchedAt = (data: { meta: { updatedAt: string | null } }) =>
  Date.parse(data.meta.updatedAt ?? '') || Date.now()

export async function render(path: string, data: PageData = {}): Promise<RenderedPage> {
  // Loaders fetch nothing on the server: the data, if any, is put in the cache here.
  const queryClient = createQueryClient()
  // The hashes of the queries this page's routes declare (src/router.ts).
  const declared = new Set<string>()
  const {
    currency = DEFAULT_CURRENCY,
    markets,
    trending,
    global,
    coin,
    marketList,
    viewer,
    search,
    converter,
  } = data
  // A page rendered for a signed-in visitor (never cached for another: server/site/pages.ts).
  if (viewer) queryClient.setQueryData(authQueries.session().queryKey, viewer)
  if (viewer && data.account) {
    queryClient.setQueryData(accountQueries.details().queryKey, data.account)
  }
  if (viewer && data.watchlist) {
    const { coins, rows } = data.watchlist
    queryClient.setQueryData(watchlistQueries.account().queryKey, { coins })
    if (rows) {
      const prices = watchPrices(currency, coins)
      queryClient.setQueryData(prices.queryKey, { coins: rows })
    }
  }
  if (viewer && data.portfolio) {
    const { transactions, rows, rates } = data.portfolio
    queryClient.setQueryData(portfolioQueries.account().queryKey, { transactions })
    const prices = portfolioQueries.prices(currency, holdingIds(transactions))
    if (transactions.length > 0) queryClient.setQueryData(prices.queryKey, { coins: rows })
    const from = costCurrencies(transactions, currency)
    if (rates && from.length > 0) {
      queryClient.setQueryData(portfolioQueries.rates(currency, from).queryKey, rates)
    }
  }
  if (markets) {
    queryClient.setQueryData(marketQueries.markets(currency).queryKey, markets, {
      updatedAt: fetchedAt(markets),
    })
  }
  if (global) {
    queryClient.setQueryData(marketQueries.global().queryKey, global, {
      updatedAt: fetchedAt(global),
    })
  }
  if (trending) {
    queryClient.setQueryData(marketQueries.trending().queryKey, trending, {
      updatedAt: fetchedAt(trending),
    })
  }
  if (coin?.listed) {
    queryClient.setQueryData(coinQueries.listed(coin.id, currency).queryKey, coin.listed, {
      updatedAt: fetchedAt(coin.listed),
    })
  }
  if (coin?.detail) {
    queryClient.setQueryData(coinQueries.detail(coin.id).queryKey, coin.detail, {
      updatedAt: fetchedAt(coin.detail),
    })
  }
  if (coin?.chart) {
    const chart = coinQueries.chart(coin.id, coin.range, currency)
    queryClient.setQueryData(chart.queryKey, coin.chart, { updatedAt: fetchedAt(coin.chart) })
  }
  if (marketList) {
    const list = marketListQueries.page(currency, marketList.page)
    queryClient.setQueryData(list.queryKey, marketList.data, {
      updatedAt: fetchedAt(marketList.data),
    })
  }
  const searched = search && searchText(search.q)
  if (search && searched) {
    queryClient.setQueryData(searchQueries.results(searched).queryKey, search.data)
  }
  if (converter) {
    queryClient.setQueryData(converterQueries.answer(converter.query).queryKey, converter.data)
  }
  const named = data.coinUnavailable?.name
  if (named && data.coinUnavailable) {
    queryClient.setQueryData(coinQueries.named(data.coinUnavailable.id).queryKey, { name: named })
  }
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [path] }),
    prerender: true,
    declared,
  })
  await router.load()
  // The page carries, and shows, the data of the queries its routes declare, and no other.
  const shouldDehydrateQuery = (query: Query) =>
    defaultShouldDehydrateQuery(query) && declared.has(query.queryHash)
  let state: PageState | null =
    markets || trending || global || coin || marketList || viewer || searched || converter || named
      ? dehydrate(queryClient, { shouldDehydrateQuery })
      : null
  // Why a query had no data, by its hash: a coin's details, or a page of the list.
  const unavailable = data.coinUnavailable
    ? { ...data.coinUnavailable, key: coinQueries.detail(data.coinUnavailable.id).queryKey }
    : data.listUnavailable
      ? {
          ...data.listUnavailable,
          key: marketListQueries.page(currency, data.listUnavailable.page).queryKey,
        }
      : null
  if (unavailable) {
    const { key, reason, seconds } = unavailable
    state = {
      ...(state ?? { queries: [], mutations: [] }),
      unavailable: [{ queryHash: hashKey(key), reason, seconds }],
    }
  }
  if (data.notFound) state = { ...(state ?? { queries: [], mutations: [] }), notFound: true }
  // The global bar and the currency menu render only with their code at hand (renderToString
  // does not wait for it), and a signed-in visitor's account menu with its own.
  await loadPriceExtras()
  if (viewer) await loadUserMenu()
  const html = renderToString(
    <StrictMode>
      <PageStateContext value={state}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </PageStateContext>
    </StrictMode>,
  )
  queryClient.clear()
  return { html, state: state ? pageStateElement(state) : null }
}
