import { Link, useNavigate } from '@tanstack/react-router'
import { env } from '@/lib/env'
import { returnedProblem } from '../failure'
import type { SignInError } from '@contract/form-errors'
import { SignInSchema } from '@contract/session'
import { useSignIn } from '../sign-in'
import { returnQuery, useAuthForm } from '../use-auth-form'
import { Field } from '@/components/form/field'
import { FormProblemAlert } from '@/components/form/form-problem'

const FIELDS = ['username', 'password'] as const

/**
 * Signs in through the session endpoint, then goes back where the visitor came from (`back`) or
 * home, with a short welcome. Without the page's script it posts as a plain form, and the server
 * sends it there, or back here with `returned`.
 */
export function SignInForm({
  returned,
  back,
}: {
  returned?: SignInError | undefined
  /** Where to go once signed in (a safe path, `?return=`); home without one. */
  back?: string | undefined
}) {
  const navigate = useNavigate()
  const form = useAuthForm({
    schema: SignInSchema,
    fields: FIELDS,
    initial: { username: '', password: '' },
    mutation: useSignIn(),
    returned: returned ? returnedProblem.signIn(returned) : null,
    onSuccess: (user) => {
      void navigate({ href: back ?? '/', state: { welcome: { name: user.name, isNew: false } } })
    },
    clearAfterProblem: ['password'],
  })

  return (
    <form
      ref={form.formRef}
      method="post"
      action={`${env.formApiUrl}api/auth/session${returnQuery(back)}`}
      className="form"
      noValidate
      aria-busy={form.pending}
      aria-label="Sign in"
      onSubmit={form.submit}
    >
      {form.problem ? (
        <FormProblemAlert ref={form.problemRef} problem={form.problem} onRetry={form.retry} />
      ) : null}
      <Field
        label="Username"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        hint="Your username is the email address you signed up with."
        {...form.field('username')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <p className="form__aside">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={form.pending}
      >
        {form.pending ? 'Signing in…' : 'Submit'}
      </button>
      <p className="form__links">
        New to Coinvera? <Link to="/signup">Create an account</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/">Back to home</Link>
      </p>
    </form>
  )
}
