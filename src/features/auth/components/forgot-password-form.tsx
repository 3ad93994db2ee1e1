import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { env } from '@/lib/env'
import { PasswordResetRequestSchema, RESET_REQUESTED_MESSAGE } from '@contract/account'
import { knownCode } from '@contract/form-errors'
import { FORGOT_PASSWORD_ERRORS } from '@contract/account-forms'
import { returnedProblem } from '../failure'
import { useRequestPasswordReset } from '../password-reset'
import { useAuthForm } from '../use-auth-form'
import { Field } from '@/components/form/field'
import { FormDone } from '@/components/form/form-done'
import { FormProblemAlert } from '@/components/form/form-problem'

const FIELDS = ['email'] as const

/**
 * Asks for a link to choose a new password. The answer is the same whether or not an account uses
 * the address. Without the page's script it posts as a plain form and comes back `done`.
 */
export function ForgotPasswordForm({
  returned,
  done,
}: {
  returned?: string | undefined
  done?: string | undefined
}) {
  const [sent, setSent] = useState(done === 'sent')
  const problem = knownCode(FORGOT_PASSWORD_ERRORS, returned)
  const form = useAuthForm({
    schema: PasswordResetRequestSchema,
    fields: FIELDS,
    initial: { email: '' },
    mutation: useRequestPasswordReset(),
    returned: problem ? returnedProblem.forgotPassword(problem) : null,
    onSuccess: () => setSent(true),
  })

  if (sent) {
    return (
      <FormDone title="Check your email">
        <p>{RESET_REQUESTED_MESSAGE}</p>
        <p className="form__links">
          <Link to="/signin">Back to sign in</Link>
        </p>
      </FormDone>
    )
  }
  return (
    <form
      ref={form.formRef}
      method="post"
      action={`${env.formApiUrl}api/auth/password-reset`}
      className="form"
      noValidate
      aria-busy={form.pending}
      aria-label="Forgot password"
      onSubmit={form.submit}
    >
      {form.problem ? (
        <FormProblemAlert ref={form.problemRef} problem={form.problem} onRetry={form.retry} />
      ) : null}
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        hint="The email address you signed up with."
        {...form.field('email')}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={form.pending}
      >
        {form.pending ? 'Sending…' : 'Send me a link'}
      </button>
      <p className="form__links">
        Remembered it? <Link to="/signin">Sign in</Link>
      </p>
    </form>
  )
}
