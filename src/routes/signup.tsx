import { createFileRoute } from '@tanstack/react-router'
import { SignUpForm } from '@/features/auth/components/sign-up-form'

export const Route = createFileRoute('/signup')({
  head: () => ({
    meta: [
      { title: 'Sign up — Coinvera' },
      { name: 'description', content: 'Create your Coinvera account in a minute.' },
    ],
  }),
  component: SignUpPage,
})

function SignUpPage() {
  return (
    <section className="page auth-page">
      <h1>Create your account</h1>
      <SignUpForm />
    </section>
  )
}
