import type { ReactNode } from 'react'
import { env } from '@/lib/env'
import { describeFailure } from '../failure'
import { useResendVerification } from '../verify-email'

/**
 * "Send the link again" for an address not confirmed yet: the account page's and a coin page's
 * alert form (alerts are sent by email). It posts to the API without JavaScript too; with it, the
 * page stays and `onSent` says what happens next.
 */
export function ResendVerificationForm({
  className,
  label,
  onSent,
  children,
}: {
  className: string
  /** The button's text. */
  label: string
  onSent?: () => void
  /** Why the address needs confirming, above the button. */
  children: ReactNode
}) {
  const resend = useResendVerification()
  return (
    <form
      method="post"
      action={`${env.formApiUrl}api/account/verification-email`}
      className={className}
      aria-label="Confirm your email address"
      onSubmit={(event) => {
        event.preventDefault()
        resend.mutate(undefined, { onSuccess: onSent })
      }}
    >
      {children}
      <button type="submit" className="button button--ghost" disabled={resend.isPending}>
        {resend.isPending ? 'Sending…' : label}
      </button>
      {resend.error ? (
        <p className="field__error" role="alert">
          {describeFailure(resend.error, []).problem?.message}
        </p>
      ) : null}
    </form>
  )
}
