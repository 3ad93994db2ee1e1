import { createFileRoute, useSearch } from '@tanstack/react-router'
import { AccountPage } from '@/features/auth/components/account-page'
import { ACCOUNT_DONE, ACCOUNT_ERRORS, formStateSearch } from '@contract/form-errors'

export const Route = createFileRoute('/account')({
  // `?error=` and `?done=`: where the server sends a form posted without the page's script.
  validateSearch: formStateSearch(ACCOUNT_ERRORS, ACCOUNT_DONE),
  head: ({ match }) => ({
    meta: [
      { title: `${match.search.error ? 'Error: ' : ''}Your account — Coinvera` },
      { name: 'description', content: 'Your Coinvera account: details, password, sign-out.' },
    ],
  }),
  component: AccountRoute,
})

function AccountRoute() {
  const { error, done } = useSearch({ from: '/account' })
  return <AccountPage returned={error} done={done} />
}
