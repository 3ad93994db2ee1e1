import { createFileRoute } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { authPageSearch, SIGN_IN_ERRORS } from '@contract/form-errors'

export const Route = createFileRoute('/signin')({
  // `?error=` is where the server sends a form posted without the page's script back to;
  // `?return=` the page the visitor came from, where signing in brings them back.
  validateSearch: authPageSearch(SIGN_IN_ERRORS),
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
  const { error, return: back, signed_out: signedOut } = Route.useSearch()
  return (
    <AuthLayout
      title="Sign in"
      intro="Welcome back."
      notice={signedOut ? 'You are signed out.' : undefined}
    >
      <SignInForm returned={error} back={back} />
    </AuthLayout>
  )
}
