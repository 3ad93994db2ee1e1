import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useHydrated } from '@/components/hydrated'
import { env } from '@/lib/env'
import { ApiError } from '@/lib/http'
import { type AccountUser, ChangePasswordSchema, DeleteAccountSchema } from '@contract/account'
import { knownCode } from '@contract/form-errors'
import { ACCOUNT_DONE, ACCOUNT_ERRORS } from '@contract/account-forms'
import { useChangePassword, useDeleteAccount } from '../account'
import { accountQueries } from '../account-session'
import { describeFailure, returnedProblem } from '../failure'
import { useSignOutEverywhere } from '../sign-out'
import { useAuthForm } from '../use-auth-form'
import { Field } from '@/components/form/field'
import { FormDone } from '@/components/form/form-done'
import { FormProblemAlert } from '@/components/form/form-problem'
import { ResendVerificationForm } from './resend-verification-form'

type AccountDone = (typeof ACCOUNT_DONE)[number]

const DONE_TEXT: Record<AccountDone, string> = {
  password_changed: 'Your password was changed. Your other sessions were signed out.',
  verification_sent: 'We sent you a new link. Open it within 24 hours to confirm your address.',
  signed_out: 'You were signed out everywhere, on every device.',
  deleted: 'Your account was deleted. Everything it held is gone.',
}

/** A wrong current password is the password field's problem, not the form's. */
const wrongPassword = (field: string) => (failure: Error) =>
  failure instanceof ApiError && failure.code === 'invalid_password'
    ? { errors: { [field]: 'That password is not right.' }, problem: null }
    : describeFailure(failure, [field])

/**
 * The signed-in visitor's account: details and their verified state, a new password, sign out
 * everywhere, delete. Every form posts without JavaScript too; the server knows whose session it
 * is, and sends the page back with `?done=` or `?error=`.
 */
export function AccountPage({
  returned,
  done,
}: {
  returned?: string | undefined
  done?: string | undefined
}) {
  const hydrated = useHydrated()
  // Known in the browser only: the prerendered page (and the first render) shows the forms alone.
  const session = useQuery(accountQueries.session())
  const user = hydrated ? (session.data ?? undefined) : undefined
  const signedOut =
    hydrated && (session.data === null || (session.fetchStatus === 'idle' && session.isPending))
  const [happened, setHappened] = useState(knownCode(ACCOUNT_DONE, done))
  const code = knownCode(ACCOUNT_ERRORS, returned)
  const problem = code ? returnedProblem.account(code) : null
  const gone = happened === 'signed_out' || happened === 'deleted'

  return (
    <section className="page account-page">
      <h1 className="account-page__title">Your account</h1>
      {happened ? (
        <FormDone key={happened} title={gone ? 'Done' : 'Saved'}>
          <p>{DONE_TEXT[happened]}</p>
          {gone ? (
            <p>
              <Link to="/">Back to home</Link>
            </p>
          ) : null}
        </FormDone>
      ) : null}
      {problem ? (
        <div className="form-problem" role="alert">
          <p>{problem.message}</p>
        </div>
      ) : null}
      {gone ? null : signedOut ? (
        <p className="account-page__signed-out">
          You are not signed in. <Link to="/signin">Sign in</Link> to see and change your account.
        </p>
      ) : (
        <>
          <Details user={user} onSent={() => setHappened('verification_sent')} />
          <div className="account-page__section">
            <h2>Price alerts</h2>
            <p>
              An email when a coin goes above or below your price.{' '}
              <Link to="/account/alerts">See and manage your alerts</Link>
            </p>
          </div>
          <ChangePasswordForm onDone={() => setHappened('password_changed')} />
          <SignOutEverywhere onDone={() => setHappened('signed_out')} />
          <DeleteAccountForm onDone={() => setHappened('deleted')} />
        </>
      )}
    </section>
  )
}

/** Name, email and its state; before the page's script knows the session, the forms only. */
function Details({ user, onSent }: { user: AccountUser | undefined; onSent: () => void }) {
  return (
    <div className="account-page__section">
      <h2>Details</h2>
      {user ? (
        <dl className="account-page__details">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>
            {user.email}{' '}
            <span className="account-page__state">
              {user.emailVerified ? '✓ Confirmed' : '✗ Not confirmed yet'}
            </span>
          </dd>
        </dl>
      ) : null}
      {user?.emailVerified ? null : (
        <ResendVerificationForm
          className="account-page__resend"
          label="Send the link again"
          onSent={onSent}
        >
          <p>
            Confirm your email address with the link we sent you, to get emails you ask for. No
            email, or the link expired?
          </p>
        </ResendVerificationForm>
      )}
    </div>
  )
}

const CHANGE_FIELDS = ['currentPassword', 'password'] as const

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useAuthForm({
    schema: ChangePasswordSchema,
    fields: CHANGE_FIELDS,
    initial: { currentPassword: '', password: '' },
    mutation: useChangePassword(),
    returned: null,
    onSuccess: onDone,
    describe: wrongPassword('currentPassword'),
  })
  return (
    <form
      ref={form.formRef}
      method="post"
      action={`${env.formApiUrl}api/account/password`}
      className="form account-page__section"
      noValidate
      aria-busy={form.pending}
      aria-labelledby="change-password"
      onSubmit={form.submit}
    >
      <h2 id="change-password">Change password</h2>
      {form.problem ? (
        <FormProblemAlert ref={form.problemRef} problem={form.problem} onRetry={form.retry} />
      ) : null}
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Your other sessions are signed out."
        {...form.field('password')}
      />
      <button type="submit" className="button button--primary" disabled={form.pending}>
        {form.pending ? 'Saving…' : 'Change password'}
      </button>
    </form>
  )
}

function SignOutEverywhere({ onDone }: { onDone: () => void }) {
  const signOut = useSignOutEverywhere()
  return (
    <form
      method="post"
      action={`${env.formApiUrl}api/auth/sessions/delete`}
      className="account-page__section"
      aria-labelledby="sign-out-everywhere"
      onSubmit={(event) => {
        event.preventDefault()
        signOut.mutate(undefined, { onSuccess: onDone })
      }}
    >
      <h2 id="sign-out-everywhere">Sign out everywhere</h2>
      <p>Ends every session of your account, on every device, this one too.</p>
      <button type="submit" className="button button--ghost" disabled={signOut.isPending}>
        {signOut.isPending ? 'Signing out…' : 'Sign out everywhere'}
      </button>
      {signOut.error ? (
        <p className="field__error" role="alert">
          {describeFailure(signOut.error, []).problem?.message}
        </p>
      ) : null}
    </form>
  )
}

const DELETE_FIELDS = ['password'] as const

function DeleteAccountForm({ onDone }: { onDone: () => void }) {
  const form = useAuthForm({
    schema: DeleteAccountSchema,
    fields: DELETE_FIELDS,
    initial: { password: '' },
    mutation: useDeleteAccount(),
    returned: null,
    onSuccess: onDone,
    describe: wrongPassword('password'),
  })
  return (
    <form
      ref={form.formRef}
      method="post"
      action={`${env.formApiUrl}api/account/delete`}
      className="form account-page__section"
      noValidate
      aria-busy={form.pending}
      aria-labelledby="delete-account"
      onSubmit={form.submit}
    >
      <h2 id="delete-account">Delete account</h2>
      <p>
        Deletes your account and everything it holds at once. This cannot be undone; you can sign up
        again with the same email address.
      </p>
      {form.problem ? (
        <FormProblemAlert ref={form.problemRef} problem={form.problem} onRetry={form.retry} />
      ) : null}
      <Field
        label="Your password"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <button type="submit" className="button button--danger" disabled={form.pending}>
        {form.pending ? 'Deleting…' : 'Delete my account'}
      </button>
    </form>
  )
}
