import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { DeleteByLink } from '@/features/alerts/components/delete-by-link'
import { FormStateSearchSchema } from '@contract/form-errors'

export const Route = createFileRoute('/alerts/delete')({
  // As on /reset-password: the email's token is read once, then taken out of the address.
  validateSearch: FormStateSearchSchema,
  head: ({ match }) => ({
    meta: [{ title: `${match.search.error ? 'Error: ' : ''}Delete a price alert — Coinvera` }],
  }),
  component: DeleteAlertPage,
})

function DeleteAlertPage() {
  const { token, error, done } = useSearch({ from: '/alerts/delete' })
  const [held] = useState(token ?? null)
  const navigate = useNavigate()
  useEffect(() => {
    if (token) void navigate({ to: '/alerts/delete', search: {}, replace: true })
  }, [token, navigate])
  return (
    <section className="page account-page">
      <h1 className="account-page__title">Delete a price alert</h1>
      <DeleteByLink token={held} returned={error} done={done} />
    </section>
  )
}
