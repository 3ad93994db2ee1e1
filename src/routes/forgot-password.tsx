import { createFileRoute, useSearch } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'
import { FormStateSearchSchema } from '@contract/form-errors'

export const Route = createFileRoute('/forgot-password')({
  // `?error=` and `?done=`: where the server sends a form posted without the page's script.
  validateSearch: FormStateSearchSchema,
  head: ({ match }) => ({
    meta: [{ title: `${match.search.error ? 'Error: ' : ''}Forgot password — Coinvera` }],
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
      <ForgotPasswordForm returned={error} done={done} />
    </AuthLayout>
  )
}
