import { createFileRoute } from '@tanstack/react-router'
import { SignInForm } from '@/features/auth/components/sign-in-form'

export const Route = createFileRoute('/signin')({
  head: () => ({
    meta: [
      { title: 'Sign in — Coinvera' },
      { name: 'description', content: 'Sign in to your Coinvera account.' },
    ],
  }),
  component: SignInPage,
})

function SignInPage() {
  return (
    <section className="page auth-page">
      <h1>Sign in</h1>
      <SignInForm />
    </section>
  )
}
