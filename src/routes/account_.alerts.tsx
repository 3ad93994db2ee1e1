import { createFileRoute, useSearch } from '@tanstack/react-router'
import { AlertsPage } from '@/features/alerts/components/alerts-page'
import { FormStateSearchSchema } from '@contract/form-errors'

export const Route = createFileRoute('/account_/alerts')({
  staticData: { needsAccount: true },
  // `?error=` and `?done=`: where the server sends an alert form posted without the page's script.
  validateSearch: FormStateSearchSchema,
  head: ({ match }) => ({
    meta: [{ title: `${match.search.error ? 'Error: ' : ''}Your price alerts — Coinvera` }],
  }),
  component: AlertsRoute,
})

function AlertsRoute() {
  const { error, done } = useSearch({ from: '/account_/alerts' })
  return <AlertsPage returned={error} done={done} />
}
