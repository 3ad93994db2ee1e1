import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CurrencyParamSchema, DEFAULT_CURRENCY } from '@contract/currency'
import { FormStateSearchSchema } from '@contract/form-errors'
import { costCurrencies, holdingIds } from '@contract/portfolio'
import { useSignedInUser } from '@/features/auth/session'
import { PortfolioPage as PortfolioContent } from '@/features/portfolio/components/portfolio-page'
import { portfolioQueries } from '@/features/portfolio/queries'
import { SortParamSchema } from '@/lib/table-sort'

export const Route = createFileRoute('/portfolio')({
  // `?error=` and `?done=`: where the server sends a transaction form posted without the script.
  validateSearch: v.object({
    currency: CurrencyParamSchema,
    sort: SortParamSchema,
    ...FormStateSearchSchema.entries,
    // The transaction Edit opens in the form without the script: matched against the list's ids
    // only, so any text will do (a check here would cost every page's entry).
    edit: v.fallback(v.optional(v.string()), undefined),
  }),
  loaderDeps: ({ search: { currency = DEFAULT_CURRENCY } }) => ({ currency }),
  // A page rendered for the signed-in visitor carries their holdings, priced from the server's
  // caches.
  loader: ({ context: { queryClient, fromPage }, deps: { currency } }) => {
    fromPage(portfolioQueries.account())
    const transactions = queryClient.getQueryData(portfolioQueries.account().queryKey)?.transactions
    if (!transactions?.length) return
    fromPage(portfolioQueries.prices(currency, holdingIds(transactions)))
    const from = costCurrencies(transactions, currency)
    if (from.length > 0) fromPage(portfolioQueries.rates(currency, from))
  },
  head: () => ({
    meta: [
      { title: 'Your portfolio — Coinvera' },
      {
        name: 'description',
        content: 'Your coins on Coinvera: their value, and what you gained or lost.',
      },
      // A visitor's own figures: nothing for search engines.
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: PortfolioPage,
})

function PortfolioPage() {
  const { currency = DEFAULT_CURRENCY, error, done, sort, edit } = Route.useSearch()
  const user = useSignedInUser()
  return (
    <PortfolioContent
      currency={currency}
      signedIn={Boolean(user)}
      returned={error}
      done={done}
      sort={sort}
      edit={edit}
    />
  )
}
