import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { VerifyEmailForm } from '@/features/auth/components/verify-email-form'
import { TOKEN_PATTERN } from '@contract/account'
import { formStateSearch, VERIFY_EMAIL_DONE, VERIFY_EMAIL_ERRORS } from '@contract/form-errors'

export const Route = createFileRoute('/verify-email')({
  // As on /reset-password: the link's token is read once, then taken out of the address.
  validateSearch: v.object({
    ...formStateSearch(VERIFY_EMAIL_ERRORS, VERIFY_EMAIL_DONE).entries,
    token: v.fallback(v.optional(v.pipe(v.string(), v.regex(TOKEN_PATTERN))), undefined),
  }),
  head: ({ match }) => ({
    meta: [
      { title: `${match.search.error ? 'Error: ' : ''}Confirm your email address — Coinvera` },
      { name: 'description', content: 'Confirm the email address of your Coinvera account.' },
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
      <VerifyEmailForm token={held} returned={error} done={done === 'verified'} />
    </AuthLayout>
  )
}
