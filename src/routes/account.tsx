import { createFileRoute, useSearch } from '@tanstack/react-router'
import { accountQueries } from '@/features/auth/account-session'
import { AccountPage } from '@/features/auth/components/account-page'
import { FormStateSearchSchema } from '@contract/form-errors'

export const Route = createFileRoute('/account')({
  staticData: { needsAccount: true },
  // `?error=` and `?done=`: where the server sends a form posted without the page's script.
  validateSearch: FormStateSearchSchema,
  // A page rendered for the signed-in visitor carries their details.
  loader: ({ context: { fromPage } }) => fromPage(accountQueries.details()),
  head: ({ match }) => ({
    meta: [{ title: `${match.search.error ? 'Error: ' : ''}Your account — Coinvera` }],
  }),
  component: AccountRoute,
})

function AccountRoute() {
  const { error, done } = useSearch({ from: '/account' })
  return <AccountPage returned={error} done={done} />
}
