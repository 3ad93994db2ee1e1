import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'
import { FormStateSearchSchema } from '@contract/form-errors'

export const Route = createFileRoute('/reset-password')({
  // `?token=` from the emailed link (read once, then taken out of the address); `?error=` and
  // `?done=` from a form posted without the page's script.
  validateSearch: FormStateSearchSchema,
  head: ({ match }) => ({
    meta: [{ title: `${match.search.error ? 'Error: ' : ''}Choose a new password — Coinvera` }],
  }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token, error, done } = useSearch({ from: '/reset-password' })
  // Kept in memory only: the address loses it at once, so no history entry, bookmark or
  // Referer carries it.
  const [held] = useState(token ?? null)
  const navigate = useNavigate()
  useEffect(() => {
    if (token) void navigate({ to: '/reset-password', search: {}, replace: true })
  }, [token, navigate])
  return (
    <AuthLayout
      title="Choose a new password"
      intro="The link from your email works once."
      forAnyone
    >
      <ResetPasswordForm token={held} returned={error} done={done} />
    </AuthLayout>
  )
}
