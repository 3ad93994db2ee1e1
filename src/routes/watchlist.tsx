import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CurrencyParamSchema, DEFAULT_CURRENCY } from '@contract/currency'
import { WatchlistPage as WatchlistContent } from '@/features/watchlist/components/watchlist-page'
import { watchPrices } from '@/features/watchlist/prices'
import { watchlistQueries } from '@/features/watchlist/queries'
import { keepRememberedCurrency } from '@/lib/remembered-currency'
import { SortParamSchema } from '@/lib/table-sort'

export const Route = createFileRoute('/watchlist')({
  validateSearch: v.object({ currency: CurrencyParamSchema, sort: SortParamSchema }),
  beforeLoad: keepRememberedCurrency,
  loaderDeps: ({ search: { currency = DEFAULT_CURRENCY } }) => ({ currency }),
  // A page rendered for the signed-in visitor carries their list's rows, from the server's caches.
  loader: ({ context: { queryClient, fromPage }, deps: { currency } }) => {
    fromPage(watchlistQueries.account())
    const coins = queryClient.getQueryData(watchlistQueries.account().queryKey)?.coins
    if (coins) fromPage(watchPrices(currency, coins))
  },
  head: () => ({
    meta: [
      { title: 'Your watchlist — Coinvera' },
      { name: 'description', content: 'The coins you follow on Coinvera, with their prices.' },
      // A visitor's own list: nothing for search engines.
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: WatchlistPage,
})

function WatchlistPage() {
  const { currency = DEFAULT_CURRENCY, sort } = Route.useSearch()
  return <WatchlistContent currency={currency} sort={sort} />
}
