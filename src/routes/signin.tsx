import { createFileRoute } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { formErrorSearch, SIGN_IN_ERRORS } from '@contract/form-errors'

export const Route = createFileRoute('/signin')({
  // `?error=` is where the server sends a form posted without the page's script back to.
  validateSearch: formErrorSearch(SIGN_IN_ERRORS),
  head: ({ match }) => ({
    meta: [
      // The title is read first on arrival, also with JavaScript off.
      { title: `${match.search.error ? 'Error: ' : ''}Sign in — Coinvera` },
      { name: 'description', content: 'Sign in to your Coinvera account.' },
    ],
  }),
  component: SignInPage,
})

function SignInPage() {
  const { error } = Route.useSearch()
  return (
    <AuthLayout title="Sign in" intro="Welcome back.">
      <SignInForm returned={error} />
    </AuthLayout>
  )
}
