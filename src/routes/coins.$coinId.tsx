import { type QueryClient, useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, stripSearchParams, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as v from 'valibot'
import { alertQueries } from '@/features/alerts/alerts'
import { CreateAlertSection } from '@/features/alerts/components/create-alert-form'
import { CoinPage as CoinPageContent } from '@/features/coin/components/coin-page'
import { coinQueries } from '@/features/coin/queries'
import { findListedCoin, findMarketCoinName } from '@/features/market/list-queries'
import { findSearchedCoinName } from '@/features/search/queries'
import { CoinIdSchema } from '@contract/coin'
import { CoinSearchSchema, DEFAULT_CHART_RANGE } from '@contract/chart-range'
import { DEFAULT_CURRENCY } from '@contract/currency'
import { formatPrice, formatSymbol } from '@/lib/format'
import { keepRememberedCurrency } from '@/lib/remembered-currency'

const GENERIC_HEAD = {
  title: 'Coin price — Coinvera',
  description: "A cryptocurrency's price, chart, market cap and key figures on Coinvera.",
}

export const Route = createFileRoute('/coins/$coinId')({
  validateSearch: CoinSearchSchema,
  // The default range stays out of the address: /coins/bitcoin, not /coins/bitcoin?range=7d.
  search: { middlewares: [stripSearchParams({ range: DEFAULT_CHART_RANGE })] },
  beforeLoad: keepRememberedCurrency,
  // The chart's query key holds the currency (none: US dollars); the detail holds every one.
  loaderDeps: ({ search: { range, currency = DEFAULT_CURRENCY } }) => ({ range, currency }),
  // Start both requests and return at once: the page shows its row's figures, or skeletons, until
  // they answer. Returns the head, named after the coin when its detail is already cached (server
  // render, preload) or its row is on a page of the list this browser holds.
  loader: ({ context, location, params: { coinId }, deps: { range, currency } }) => {
    const { queryClient } = context
    // An id CoinGecko could never have is no page, and costs no request; nor is one the server
    // answered with its not-found page (its list of coins lacks it).
    if (
      !v.is(CoinIdSchema, coinId) ||
      location.pathname + location.searchStr === context.notFoundPath
    )
      throw notFound()
    // The coin's row and its name are never fetched: a server-rendered page may carry them, and
    // the lists this browser holds may give them (a server render's cache holds this page's data
    // alone, so it finds none there): the coin's price and key figures at once, from its row,
    // with no request of its own; and the name the link showed, for the heading should the
    // coin's own data fail.
    const listed = coinQueries.listed(coinId, currency)
    const named = coinQueries.named(coinId)
    context.fromPage(listed)
    context.fromPage(named)
    const found = findListedCoin(queryClient, coinId, currency)
    if (found) queryClient.setQueryData(listed.queryKey, found.data, { updatedAt: found.updatedAt })
    const name = queryClient.getQueryData(named.queryKey) ? null : nameInCache(queryClient, coinId)
    if (name) queryClient.setQueryData(named.queryKey, { name })
    void context.prefetch(coinQueries.detail(coinId))
    void context.prefetch(coinQueries.chart(coinId, range, currency))
    const detail = queryClient.getQueryData(coinQueries.detail(coinId).queryKey)?.coin
    const row = queryClient.getQueryData(listed.queryKey)?.coin
    const coin = detail ?? row
    if (!coin) {
      // No figures: the coin list's name, when the server gave it, still names the tab.
      const name = queryClient.getQueryData(coinQueries.named(coinId).queryKey)?.name
      return name
        ? { ...GENERIC_HEAD, title: `${name} price — Coinvera`, named: false }
        : { ...GENERIC_HEAD, named: false }
    }
    const label = `${coin.name} (${formatSymbol(coin.symbol)})`
    const price = detail ? detail.market_data?.current_price?.[currency] : row?.current_price
    return {
      named: true,
      title: `${label} price — Coinvera`,
      description: `${label} price today: ${formatPrice(price, currency)}, with its 24-hour change, market cap, volume, supply, all-time high and price chart.`,
    }
  },
  head: ({ loaderData }) => {
    const { title, description } = loaderData ?? GENERIC_HEAD
    return { meta: [{ title }, { name: 'description', content: description }] }
  },
  component: CoinPage,
})

/** The coin's name from a list this browser holds: the one its link was on, as a rule. */
function nameInCache(queryClient: QueryClient, coinId: string): string | null {
  return (
    findMarketCoinName(queryClient, coinId) ??
    findSearchedCoinName(queryClient, coinId) ??
    queryClient
      .getQueryData(alertQueries.list().queryKey)
      ?.alerts.find((alert) => alert.coinId === coinId)?.coinName ??
    null
  )
}

function CoinPage() {
  const { coinId } = Route.useParams()
  const { range, currency = DEFAULT_CURRENCY } = Route.useSearch()
  // A visit that began before the coin was cached (a click) names the tab after the coin once its
  // data is here: the loader runs again, finds it, and its head names the coin.
  const router = useRouter()
  const { named } = Route.useLoaderData()
  const { data } = useQuery(coinQueries.detail(coinId))
  useEffect(() => {
    if (data && !named) void router.invalidate()
  }, [data, named, router])
  // A new coin is a new page: no state (the chart's pointer) carries over.
  return (
    <CoinPageContent
      key={coinId}
      coinId={coinId}
      range={range}
      currency={currency}
      alert={({ name, prices }) => (
        <CreateAlertSection coinId={coinId} coinName={name} currency={currency} prices={prices} />
      )}
    />
  )
}
