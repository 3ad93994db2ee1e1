import { createFileRoute, useSearch } from '@tanstack/react-router'
import { AccountPage } from '@/features/auth/components/account-page'
import { FormStateSearchSchema } from '@contract/form-errors'

export const Route = createFileRoute('/account')({
  staticData: { needsAccount: true },
  // `?error=` and `?done=`: where the server sends a form posted without the page's script.
  validateSearch: FormStateSearchSchema,
  head: ({ match }) => ({
    meta: [{ title: `${match.search.error ? 'Error: ' : ''}Your account — Coinvera` }],
  }),
  component: AccountRoute,
})

function AccountRoute() {
  const { error, done } = useSearch({ from: '/account' })
  return <AccountPage returned={error} done={done} />
}
