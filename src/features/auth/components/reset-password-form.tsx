import { Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { PasswordResetConfirmSchema } from '@contract/account'
import { RESET_PASSWORD_ERRORS } from '@contract/account-forms'
import { returnedProblem } from '../failure'
import { useConfirmPasswordReset } from '../password-reset'
import { useAuthForm } from '../use-auth-form'
import { TokenForm } from './token-form'
import { Field } from '@/components/form/field'
import { FormDone, LinkDoesNotWork } from '@/components/form/form-done'
import { type TokenPageProps, useTokenPage } from '@/components/form/use-token-page'

const FIELDS = ['password'] as const
const NewPasswordSchema = v.object({ password: PasswordResetConfirmSchema.entries.password })

/**
 * Chooses a new password with the emailed link's token, which the page holds in memory only
 * (`token`, read from the address and removed from it by the route). Without the page's script,
 * the server writes the token into the hidden field and the form posts it.
 */
export function ResetPasswordForm(props: TokenPageProps) {
  const page = useTokenPage(props, RESET_PASSWORD_ERRORS, 'changed')
  const { held, problem } = page
  const form = useAuthForm({
    schema: NewPasswordSchema,
    fields: FIELDS,
    initial: { password: '' },
    // The token goes in the body, with the password.
    mutation: useConfirmPasswordReset(held ?? ''),
    returned: problem ? returnedProblem.resetPassword(problem) : null,
    onSuccess: page.finish,
  })

  if (page.finished) {
    return (
      <FormDone title="Your password was changed">
        <p>Every session of your account was signed out. Sign in with your new password.</p>
        <p>
          <Link to="/signin" className="button button--primary">
            Sign in
          </Link>
        </p>
      </FormDone>
    )
  }
  if (page.linkDoesNotWork) {
    return (
      <LinkDoesNotWork expired={page.expired} advice="A link works once, for 30 minutes.">
        <Link to="/forgot-password" className="button button--primary">
          Ask for a new link
        </Link>
      </LinkDoesNotWork>
    )
  }
  return (
    <TokenForm
      form={form}
      path="api/auth/password-reset/confirm"
      label="Choose a new password"
      submit={['Save the new password', 'Saving…']}
      noValidate
    >
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. A passphrase is easiest to remember."
        {...form.field('password')}
      />
    </TokenForm>
  )
}
