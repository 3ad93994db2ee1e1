import { createFileRoute } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/components/auth-layout'
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
    <AuthLayout title="Create your account" intro="It takes a minute. No card needed.">
      <SignUpForm />
    </AuthLayout>
  )
}
