import { Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { ApiError } from '@/lib/http'
import { EMAIL_TAKEN_MEANWHILE, VERIFY_EMAIL_ERRORS } from '@contract/account-forms'
import { describeFailure, returnedProblem } from '../failure'
import { useAuthForm } from '../use-auth-form'
import { useVerifyEmail } from '../verify-email'
import { TokenForm } from './token-form'
import { FormDone, LinkDoesNotWork } from '@/components/form/form-done'
import { type TokenPageProps, useTokenPage } from '@/components/form/use-token-page'

const NOTHING_TO_TYPE = v.object({})

/**
 * Confirms the address with the emailed link's token (held in memory, as on the reset page). A
 * press of the button does it, not the page load: a mail scanner opening the link confirms nothing.
 */
export function VerifyEmailForm(props: TokenPageProps) {
  const page = useTokenPage(props, VERIFY_EMAIL_ERRORS, 'verified')
  const { held, problem } = page
  const form = useAuthForm({
    schema: NOTHING_TO_TYPE,
    fields: [],
    initial: {},
    mutation: useVerifyEmail(held ?? ''),
    returned: problem ? returnedProblem.verifyEmail(problem) : null,
    onSuccess: page.finish,
    // A change of address whose address another account took meanwhile: no retry helps.
    describe: (failure) =>
      failure instanceof ApiError && failure.code === 'email_taken'
        ? { errors: {}, problem: { message: EMAIL_TAKEN_MEANWHILE, retry: false } }
        : describeFailure(failure, []),
  })

  if (page.finished) {
    return (
      <FormDone title="Your email address is confirmed">
        <p>Thank you. Coinvera can now email you what you ask for.</p>
        <p>
          <Link to="/account" className="button button--primary">
            Go to your account
          </Link>
        </p>
      </FormDone>
    )
  }
  // A change of address whose address another account took: the link is used up either way.
  if (problem === 'email_taken') {
    return (
      <LinkDoesNotWork
        expired
        expiredText={EMAIL_TAKEN_MEANWHILE}
        advice="Sign in, and choose another address on your account page."
      >
        <Link to="/account" className="button button--primary">
          Your account
        </Link>
      </LinkDoesNotWork>
    )
  }
  if (page.linkDoesNotWork) {
    return (
      <LinkDoesNotWork
        expired={page.expired}
        advice="Sign in, and ask for a new link on your account page."
      >
        <Link to="/account" className="button button--primary">
          Your account
        </Link>
      </LinkDoesNotWork>
    )
  }
  return (
    <TokenForm
      form={form}
      path="api/auth/verify-email"
      label="Confirm your email address"
      submit={['Confirm my email address', 'Confirming…']}
    />
  )
}
