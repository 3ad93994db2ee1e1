import { Link, useNavigate } from '@tanstack/react-router'
import { env } from '@/lib/env'
import { ApiError } from '@/lib/http'
import { describeFailure, returnedProblem } from '../failure'
import type { SignUpError } from '@contract/form-errors'
import { SignUpSchema } from '@contract/sign-up'
import { useSignUp } from '../sign-up'
import { returnQuery, useAuthForm } from '../use-auth-form'
import { Field } from '@/components/form/field'
import { FormProblemAlert } from '@/components/form/form-problem'

const FIELDS = ['name', 'email', 'password', 'phoneNumber'] as const
type FieldName = (typeof FIELDS)[number]

/** Sign-up's own failure: the email is taken (409); everything else as for any form. */
function describeSignUpFailure(failure: Error) {
  if (failure instanceof ApiError && (failure.code === 'email_taken' || failure.status === 409)) {
    return { errors: { email: 'An account with this email already exists.' }, problem: null }
  }
  return describeFailure(failure, FIELDS)
}

/**
 * Creates the account, then goes home with a welcome. Without the page's script it posts as a
 * plain form, and the server sends it home or back here with `returned`.
 */
export function SignUpForm({
  returned,
  back,
}: {
  returned?: SignUpError | undefined
  /** Where to go once signed up (a safe path, `?return=`); home without one. */
  back?: string | undefined
}) {
  const navigate = useNavigate()
  const form = useAuthForm({
    schema: SignUpSchema,
    fields: FIELDS,
    initial: { name: '', email: '', password: '', phoneNumber: '' },
    mutation: useSignUp(),
    returned: returned ? returnedProblem.signUp(returned) : null,
    // The server signed the new account in: back where the visitor came from, with a welcome.
    onSuccess: (account) => {
      void navigate({ href: back ?? '/', state: { welcome: { name: account.name, isNew: true } } })
    },
    describe: describeSignUpFailure,
  })
  // Each field is checked as the visitor leaves it.
  const fieldProps = (field: FieldName) => ({
    ...form.field(field),
    onBlur: () => form.check(field),
  })

  return (
    <form
      ref={form.formRef}
      method="post"
      action={`${env.formApiUrl}api/auth${returnQuery(back)}`}
      className="form"
      noValidate
      aria-busy={form.pending}
      aria-label="Sign up"
      onSubmit={form.submit}
    >
      {form.problem ? (
        <FormProblemAlert ref={form.problemRef} problem={form.problem} onRetry={form.retry} />
      ) : null}
      <Field label="Name" autoComplete="name" {...fieldProps('name')} />
      <Field label="Email" type="email" autoComplete="email" {...fieldProps('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. A passphrase is easiest to remember."
        {...fieldProps('password')}
      />
      <Field
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="Optional. Include your country code, like +44."
        {...fieldProps('phoneNumber')}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={form.pending}
        // Keep focus in the field: its blur check could show an error that moves this button
        // between press and release, and the click would be lost. Submit checks everything anyway.
        onMouseDown={(event) => event.preventDefault()}
      >
        {form.pending ? 'Submitting…' : 'Submit'}
      </button>
      <p className="form__links">
        Already have an account? <Link to="/signin">Sign in</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/">Back to home</Link>
      </p>
    </form>
  )
}
