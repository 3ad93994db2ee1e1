import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CurrencyParamSchema, DEFAULT_CURRENCY } from '@contract/currency'
import { WatchlistPage as WatchlistContent } from '@/features/watchlist/components/watchlist-page'
import { keepRememberedCurrency } from '@/lib/remembered-currency'
import { SortParamSchema } from '@/lib/table-sort'

export const Route = createFileRoute('/watchlist')({
  validateSearch: v.object({ currency: CurrencyParamSchema, sort: SortParamSchema }),
  beforeLoad: keepRememberedCurrency,
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
