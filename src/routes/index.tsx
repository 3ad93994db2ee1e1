import { createFileRoute } from '@tanstack/react-router'
import { useSignedInUser } from '@/features/auth/session'
import { AboutSection } from '@/features/home/components/about-section'
import { AppPromo } from '@/features/home/components/app-promo'
import { Hero } from '@/features/home/components/hero'
import { SubscribeBanner } from '@/features/home/components/subscribe-banner'
import { PriceSection } from '@/features/market/components/price-section'
import { TrendingSection } from '@/features/market/components/trending-section'
import { marketQueries } from '@/features/market/queries'
import { PriceListSearchSchema } from '@/features/market/sort'
import { keepRememberedCurrency } from '@/lib/remembered-currency'

export const Route = createFileRoute('/')({
  validateSearch: PriceListSearchSchema,
  beforeLoad: keepRememberedCurrency,
  // The query key holds the currency (none: US dollars): the loader prefetches the page's list.
  loaderDeps: ({ search: { currency } }) => ({ currency }),
  head: () => ({
    meta: [
      { title: 'Coinvera — Make better business with cryptocurrency' },
      {
        name: 'description',
        content:
          "Today's cryptocurrency prices, the coins everyone is searching for, and price alerts by email with a free Coinvera account.",
      },
    ],
  }),
  // Start the requests and return at once: the page renders without waiting for the network.
  loader: ({ context: { prefetch }, deps: { currency } }) => {
    void prefetch(marketQueries.markets(currency))
    void prefetch(marketQueries.global())
    void prefetch(marketQueries.trending())
  },
  component: HomePage,
})

function HomePage() {
  const user = useSignedInUser()
  const { sort, currency } = Route.useSearch()
  return (
    <>
      <Hero signedIn={Boolean(user)} />
      <PriceSection sort={sort} currency={currency} />
      <AboutSection />
      <AppPromo />
      <TrendingSection />
      <SubscribeBanner signedIn={Boolean(user)} />
    </>
  )
}
