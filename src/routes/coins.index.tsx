import { createFileRoute, notFound } from '@tanstack/react-router'
import { CoinStar } from '@/components/coin-star'
import { CoinList } from '@/features/market/components/coin-list'
import type { RowAction } from '@/features/market/components/coin-list-table'
import { marketListQueries } from '@/features/market/list-queries'
import { DEFAULT_CURRENCY } from '@contract/currency'
import * as v from 'valibot'
import { MarketListSearchSchema } from '@contract/list-page'
import { keepRememberedCurrency } from '@/lib/remembered-currency'
import { SortParamSchema } from '@/lib/table-sort'

export const Route = createFileRoute('/coins/')({
  // `?sort=` orders the rows within the page; the server renders the default order.
  validateSearch: v.object({ ...MarketListSearchSchema.entries, sort: SortParamSchema }),
  beforeLoad: keepRememberedCurrency,
  // The query key holds the currency and the page (none: US dollars, the first).
  loaderDeps: ({ search: { page = 1, currency = DEFAULT_CURRENCY } }) => ({ page, currency }),
  loader: ({ context, location, deps: { page, currency } }) => {
    // The server answered this address with its not-found page (a page past the list's end).
    if (location.pathname + location.searchStr === context.notFoundPath) throw notFound()
    void context.prefetch(marketListQueries.page(currency, page))
  },
  head: ({ match }) => {
    const { page = 1 } = match.search
    const of = page > 1 ? `, page ${page}` : ''
    return {
      meta: [
        { title: `All cryptocurrencies by market cap${of} — Coinvera` },
        {
          name: 'description',
          content: `Every coin by market cap${of}: prices, 1-hour, 24-hour and 7-day changes, volume, market cap and a 7-day chart.`,
        },
      ],
    }
  },
  component: CoinsPage,
})

// Each row leads with the coin's watchlist star; one function, so the memoised table keeps it.
const star: RowAction = (coin) => <CoinStar coinId={coin.id} name={coin.name} />

function CoinsPage() {
  const { page = 1, currency = DEFAULT_CURRENCY, sort } = Route.useSearch()
  return <CoinList page={page} currency={currency} sort={sort} rowAction={star} />
}
