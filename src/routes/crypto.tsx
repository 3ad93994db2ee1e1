import { createFileRoute } from '@tanstack/react-router'
import { PriceSection } from '@/features/market/components/price-section'
import { marketQueries } from '@/features/market/queries'
import { PriceListSearchSchema } from '@/features/market/sort'
import { keepRememberedCurrency } from '@/lib/remembered-currency'

export const Route = createFileRoute('/crypto')({
  validateSearch: PriceListSearchSchema,
  beforeLoad: keepRememberedCurrency,
  // The query key holds the currency (none: US dollars): the loader prefetches the page's list.
  loaderDeps: ({ search: { currency } }) => ({ currency }),
  head: () => ({
    meta: [
      { title: "Today's cryptocurrency prices — Coinvera" },
      {
        name: 'description',
        content:
          'Live prices, 24-hour changes, volume and market cap of the leading cryptocurrencies.',
      },
    ],
  }),
  loader: ({ context: { prefetch }, deps: { currency } }) => {
    void prefetch(marketQueries.markets(currency))
    void prefetch(marketQueries.global())
  },
  component: CryptoPage,
})

function CryptoPage() {
  const { sort, currency } = Route.useSearch()
  return <PriceSection headingLevel={1} sort={sort} currency={currency} />
}
