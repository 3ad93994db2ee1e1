import { createFileRoute } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/components/auth-layout'
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
    <AuthLayout title="Sign in" intro="Welcome back. Sign in to follow your coins.">
      <SignInForm />
    </AuthLayout>
  )
}
