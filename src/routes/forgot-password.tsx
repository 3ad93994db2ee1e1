import { createFileRoute, useSearch } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'
import {
  FORGOT_PASSWORD_DONE,
  FORGOT_PASSWORD_ERRORS,
  formStateSearch,
} from '@contract/form-errors'

export const Route = createFileRoute('/forgot-password')({
  // `?error=` and `?done=`: where the server sends a form posted without the page's script.
  validateSearch: formStateSearch(FORGOT_PASSWORD_ERRORS, FORGOT_PASSWORD_DONE),
  head: ({ match }) => ({
    meta: [
      { title: `${match.search.error ? 'Error: ' : ''}Forgot password — Coinvera` },
      { name: 'description', content: 'Get a link to choose a new Coinvera password.' },
    ],
  }),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const { error, done } = useSearch({ from: '/forgot-password' })
  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter your email address and we will send you a link to choose a new one."
      forAnyone
    >
      <ForgotPasswordForm returned={error} done={done === 'sent'} />
    </AuthLayout>
  )
}
