import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'
import { TOKEN_PATTERN } from '@contract/account'
import { RESET_PASSWORD_DONE, RESET_PASSWORD_ERRORS, formStateSearch } from '@contract/form-errors'

export const Route = createFileRoute('/reset-password')({
  // `?token=` from the emailed link (read once, then taken out of the address); `?error=` and
  // `?done=` from a form posted without the page's script.
  validateSearch: v.object({
    ...formStateSearch(RESET_PASSWORD_ERRORS, RESET_PASSWORD_DONE).entries,
    token: v.fallback(v.optional(v.pipe(v.string(), v.regex(TOKEN_PATTERN))), undefined),
  }),
  head: ({ match }) => ({
    meta: [
      { title: `${match.search.error ? 'Error: ' : ''}Choose a new password — Coinvera` },
      { name: 'description', content: 'Choose a new password for your Coinvera account.' },
    ],
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
      <ResetPasswordForm token={held} returned={error} done={done === 'changed'} />
    </AuthLayout>
  )
}
