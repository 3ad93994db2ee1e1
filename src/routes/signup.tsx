import { createFileRoute } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { SignUpForm } from '@/features/auth/components/sign-up-form'
import { authPageSearch, SIGN_UP_ERRORS } from '@contract/form-errors'

export const Route = createFileRoute('/signup')({
  // `?error=` is where the server sends a form posted without the page's script back to;
  // `?return=` the page the visitor came from, where signing in brings them back.
  validateSearch: authPageSearch(SIGN_UP_ERRORS),
  head: ({ match }) => ({
    meta: [
      // The title is read first on arrival, also with JavaScript off.
      { title: `${match.search.error ? 'Error: ' : ''}Sign up — Coinvera` },
      { name: 'description', content: 'Create your Coinvera account in a minute.' },
    ],
  }),
  component: SignUpPage,
})

function SignUpPage() {
  const { error, return: back } = Route.useSearch()
  return (
    <AuthLayout title="Create your account" intro="It takes a minute. No card needed.">
      <SignUpForm returned={error} back={back} />
    </AuthLayout>
  )
}
