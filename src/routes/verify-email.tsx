import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { VerifyEmailForm } from '@/features/auth/components/verify-email-form'
import { FormStateSearchSchema } from '@contract/form-errors'

export const Route = createFileRoute('/verify-email')({
  // As on /reset-password: the link's token is read once, then taken out of the address.
  validateSearch: FormStateSearchSchema,
  head: ({ match }) => ({
    meta: [
      { title: `${match.search.error ? 'Error: ' : ''}Confirm your email address — Coinvera` },
    ],
  }),
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { token, error, done } = useSearch({ from: '/verify-email' })
  const [held] = useState(token ?? null)
  const navigate = useNavigate()
  useEffect(() => {
    if (token) void navigate({ to: '/verify-email', search: {}, replace: true })
  }, [token, navigate])
  return (
    <AuthLayout
      title="Confirm your email address"
      intro="One press, and Coinvera knows this address is yours."
      forAnyone
    >
      <VerifyEmailForm token={held} returned={error} done={done} />
    </AuthLayout>
  )
}
