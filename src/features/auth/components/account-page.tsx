import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ComponentProps, type ReactNode, useState } from 'react'
import type * as v from 'valibot'
import { useHydrated } from '@/components/hydrated'
import { env } from '@/lib/env'
import { ApiError } from '@/lib/http'
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  EditDetailsSchema,
} from '@contract/account'
import type { AccountDetails } from '@contract/account-details'
import { knownCode } from '@contract/form-errors'
import { ACCOUNT_DONE, ACCOUNT_ERRORS } from '@contract/account-forms'
import { useChangeEmail, useChangePassword, useDeleteAccount, useEditDetails } from '../account'
import { accountQueries } from '../account-session'
import { describeFailure, returnedProblem } from '../failure'
import { useSignOutEverywhere } from '../sign-out'
import { type AuthFormOptions, useAuthForm } from '../use-auth-form'
import { Field } from '@/components/form/field'
import { FormDone } from '@/components/form/form-done'
import { FormProblemAlert } from '@/components/form/form-problem'
import { ResendVerificationForm } from './resend-verification-form'

type AccountDone = (typeof ACCOUNT_DONE)[number]

const DONE_TEXT: Record<AccountDone, string> = {
  details_saved: 'Your name and phone number were saved.',
  email_change_sent:
    'We sent a link to your new address. Your address changes when you open it, within 24 hours.',
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

/** The new address's problems go next to it: taken, or the one the account has. */
const emailProblem = (failure: Error) =>
  failure instanceof ApiError && failure.code === 'email_taken'
    ? { errors: { email: failure.message }, problem: null }
    : failure instanceof ApiError && failure.code === 'invalid_password'
      ? { errors: { password: 'That password is not right.' }, problem: null }
      : describeFailure(failure, EMAIL_FIELDS)

/**
 * The signed-in visitor's account: details and their verified state, editing them, a new address,
 * a new password, sign out everywhere, delete. Every form posts without JavaScript too; the server
 * knows whose session it is, and sends the page back with `?done=` or `?error=`.
 */
export function AccountPage({
  returned,
  done,
}: {
  returned?: string | undefined
  done?: string | undefined
}) {
  const hydrated = useHydrated()
  // In a page rendered for the signed-in visitor, and asked for by the browser otherwise: the
  // prerendered page (and its first render) shows the forms alone.
  const details = useQuery(accountQueries.details())
  const account = details.data ?? undefined
  const signedOut =
    hydrated && (details.data === null || (details.fetchStatus === 'idle' && details.isPending))
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
          <Details account={account} onSent={() => setHappened('verification_sent')} />
          {account ? (
            <EditDetailsForm
              // Filled again when the details change (a save here, or in another tab).
              key={`${account.name}\n${account.phoneNumber ?? ''}`}
              account={account}
              onDone={() => setHappened('details_saved')}
            />
          ) : null}
          <ChangeEmailForm onDone={() => setHappened('email_change_sent')} />
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

/**
 * What sign-up asked for (labelled as sign-up labels it), the address's state and a change of
 * address waiting for its link; without the details (a page as prerendered), the forms only.
 */
function Details({ account, onSent }: { account: AccountDetails | undefined; onSent: () => void }) {
  return (
    <div className="account-page__section">
      <h2>Details</h2>
      {account ? (
        <dl className="account-page__details">
          <dt>Name</dt>
          <dd>{account.name}</dd>
          <dt>Email</dt>
          <dd>
            {account.email}{' '}
            <span className="account-page__state">
              {account.emailVerified ? '✓ Confirmed' : '✗ Not confirmed yet'}
            </span>
            {account.pendingEmail ? (
              <span className="account-page__pending">
                Changing to {account.pendingEmail}: waiting for confirmation at that address.
              </span>
            ) : null}
          </dd>
          <dt>Phone Number</dt>
          <dd>{account.phoneNumber ?? 'Not given'}</dd>
        </dl>
      ) : null}
      {account?.emailVerified ? null : (
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

/** A form of the account page: it never comes back from a post (the page has none), and a
 * success closes it. */
function useAccountForm<S extends v.GenericSchema, F extends string, T>(
  onDone: () => void,
  options: Omit<AuthFormOptions<S, F, T>, 'returned' | 'onSuccess'>,
) {
  return useAuthForm({ ...options, returned: null, onSuccess: onDone })
}

/** The account's current password, which every change that matters asks for again. */
function PasswordCheck({
  label = 'Your password',
  ...field
}: Omit<ComponentProps<typeof Field>, 'label' | 'type' | 'autoComplete'> & { label?: string }) {
  return <Field label={label} type="password" autoComplete="current-password" {...field} />
}

const DETAILS_FIELDS = ['name', 'phoneNumber'] as const

function EditDetailsForm({ account, onDone }: { account: AccountDetails; onDone: () => void }) {
  const form = useAccountForm(onDone, {
    schema: EditDetailsSchema,
    fields: DETAILS_FIELDS,
    initial: { name: account.name, phoneNumber: account.phoneNumber ?? '' },
    mutation: useEditDetails(),
  })
  return (
    <AccountForm
      form={form}
      path="details"
      id="edit-details"
      title="Edit details"
      submit={['Save details', 'Saving…']}
    >
      <Field label="Name" autoComplete="name" {...form.field('name')} />
      <Field
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        hint="Optional. Leave it empty to remove it."
        {...form.field('phoneNumber')}
      />
    </AccountForm>
  )
}

const EMAIL_FIELDS = ['email', 'password'] as const

function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const form = useAccountForm(onDone, {
    schema: ChangeEmailSchema,
    fields: EMAIL_FIELDS,
    initial: { email: '', password: '' },
    mutation: useChangeEmail(),
    describe: emailProblem,
  })
  return (
    <AccountForm
      form={form}
      path="email"
      id="change-email"
      title="Change email address"
      submit={['Send confirmation link', 'Sending…']}
    >
      <Field
        label="New email address"
        type="email"
        autoComplete="email"
        hint="We send a link there; your address changes when you open it."
        {...form.field('email')}
      />
      <PasswordCheck {...form.field('password')} />
    </AccountForm>
  )
}

const CHANGE_FIELDS = ['currentPassword', 'password'] as const

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useAccountForm(onDone, {
    schema: ChangePasswordSchema,
    fields: CHANGE_FIELDS,
    initial: { currentPassword: '', password: '' },
    mutation: useChangePassword(),
    describe: wrongPassword('currentPassword'),
  })
  return (
    <AccountForm
      form={form}
      path="password"
      id="change-password"
      title="Change password"
      submit={['Change password', 'Saving…']}
    >
      <PasswordCheck label="Current password" {...form.field('currentPassword')} />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Your other sessions are signed out."
        {...form.field('password')}
      />
    </AccountForm>
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
  const form = useAccountForm(onDone, {
    schema: DeleteAccountSchema,
    fields: DELETE_FIELDS,
    initial: { password: '' },
    mutation: useDeleteAccount(),
    describe: wrongPassword('password'),
  })
  return (
    <AccountForm
      form={form}
      path="delete"
      id="delete-account"
      title="Delete account"
      submit={['Delete my account', 'Deleting…']}
      danger
      intro={
        <p>
          Deletes your account and everything it holds at once. This cannot be undone; you can sign
          up again with the same email address.
        </p>
      }
    >
      <PasswordCheck {...form.field('password')} />
    </AccountForm>
  )
}

/**
 * One of the page's forms with fields: a plain POST to `/api/account/<path>` without the page's
 * script, the mutation of `form` with it; its heading names it, its problem comes first.
 */
function AccountForm({
  form,
  path,
  id,
  title,
  submit: [label, pendingLabel],
  danger = false,
  intro,
  children,
}: {
  form: Pick<
    ReturnType<typeof useAuthForm>,
    'formRef' | 'problemRef' | 'problem' | 'retry' | 'submit' | 'pending'
  >
  path: string
  id: string
  title: string
  /** The button's text, and its text while the request runs. */
  submit: readonly [string, string]
  danger?: boolean
  intro?: ReactNode
  children: ReactNode
}) {
  return (
    <form
      ref={form.formRef}
      method="post"
      action={`${env.formApiUrl}api/account/${path}`}
      className="form account-page__section"
      noValidate
      aria-busy={form.pending}
      aria-labelledby={id}
      onSubmit={form.submit}
    >
      <h2 id={id}>{title}</h2>
      {intro}
      {form.problem ? (
        <FormProblemAlert ref={form.problemRef} problem={form.problem} onRetry={form.retry} />
      ) : null}
      {children}
      <button
        type="submit"
        className={`button ${danger ? 'button--danger' : 'button--primary'}`}
        disabled={form.pending}
      >
        {form.pending ? pendingLabel : label}
      </button>
    </form>
  )
}
