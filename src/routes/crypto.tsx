import { createFileRoute } from '@tanstack/react-router'
import { PriceSection } from '@/features/market/components/price-section'
import { marketQueries } from '@/features/market/queries'
import { prefetchInOwnTask } from '@/lib/query-client'

export const Route = createFileRoute('/crypto')({
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
  loader: ({ context: { queryClient } }) => {
    // Prerendering bakes no live data into HTML: nothing to fetch at build time.
    if (import.meta.env.SSR) return
    prefetchInOwnTask(queryClient, marketQueries.markets())
  },
  component: CryptoPage,
})

function CryptoPage() {
  return <PriceSection headingLevel={1} />
}
