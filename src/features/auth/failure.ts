import type { FormProblem } from '@/components/form/form-problem'
import { ApiError } from '@/lib/http'
import { EMAIL_TAKEN_MEANWHILE } from '@contract/account-forms'
import { ERROR_MESSAGES } from '@contract/error-messages'
import type {
  AccountError,
  ForgotPasswordError,
  ResetPasswordError,
  SignInError,
  SignUpError,
  VerifyEmailError,
} from '@contract/form-errors'

/** The visitor's words for a 5xx, whichever form it answered. */
export const OUR_SIDE = 'Something went wrong on our side. Please try again in a moment.'
const SIGNED_OUT = 'You are signed out. Sign in again to manage your account.'
const WRONG_CREDENTIALS = `${ERROR_MESSAGES.invalid_credentials}. Check both and try again.`

/**
 * What the visitor reads for a failed request: field problems go next to their fields (keys of
 * `fields`), the rest into one form-level message; `retry` offers a Try again button.
 */
export function describeFailure<F extends string>(
  failure: Error,
  fields: readonly F[],
): { errors: Partial<Record<F, string>>; problem: FormProblem | null } {
  const error =
    failure instanceof ApiError
      ? failure
      : new ApiError({ status: 0, code: 'unexpected', message: failure.message })
  if (error.status === 400 && error.issues.length > 0) {
    const errors: Partial<Record<F, string>> = {}
    const other: string[] = []
    for (const { field, message } of error.issues) {
      if ((fields as readonly string[]).includes(field)) errors[field as F] = message
      else other.push(message)
    }
    return {
      errors,
      problem: other.length > 0 ? { message: other.join(' '), retry: false } : null,
    }
  }
  if (error.code === 'invalid_credentials') {
    return {
      errors: {},
      problem: { message: WRONG_CREDENTIALS, retry: false },
    }
  }
  if (error.code === 'invalid_token') {
    return {
      errors: {},
      problem: { message: ERROR_MESSAGES.invalid_token, retry: false },
    }
  }
  if (error.code === 'unauthenticated') {
    return {
      errors: {},
      problem: {
        message: SIGNED_OUT,
        retry: false,
      },
    }
  }
  if (error.status === 429) {
    const minutes = error.retryAfterMs ? Math.ceil(error.retryAfterMs / 60_000) : null
    return {
      errors: {},
      problem: {
        message: `Too many attempts. Please try again${minutes ? ` in ${minutes} minute${minutes > 1 ? 's' : ''}` : ' later'}.`,
        retry: false,
      },
    }
  }
  if (error.code === 'offline') {
    return {
      errors: {},
      problem: { message: "You're offline — check your connection and try again.", retry: true },
    }
  }
  if (error.code === 'network_error' || error.code === 'timeout') {
    return {
      errors: {},
      problem: {
        message:
          "We couldn't reach Coinvera. Check your connection, then try again; your details are still here.",
        retry: true,
      },
    }
  }
  if (error.status >= 500) {
    return {
      errors: {},
      problem: {
        message: OUR_SIDE,
        retry: true,
      },
    }
  }
  return {
    errors: {},
    problem: { message: 'Something went wrong. Please try again.', retry: true },
  }
}

const TOO_MANY = 'Too many attempts. Please try again later.'

/**
 * What a form says when it came back from a post made without the page's script (`?error=`):
 * the server can send a code only, never the fields, so the message covers every rule.
 */
export const returnedProblem = {
  signUp: (code: SignUpError): FormProblem => ({
    retry: false,
    message: {
      validation_failed:
        'Some details need attention: enter your name, a valid email address and a password of at least 8 characters that is not a common one. The phone number is optional (6 to 20 digits).',
      email_taken: `${ERROR_MESSAGES.email_taken} Sign in, or sign up with another email address.`,
      rate_limited: TOO_MANY,
      unavailable: OUR_SIDE,
    }[code],
  }),
  signIn: (code: SignInError): FormProblem => ({
    retry: false,
    message: {
      validation_failed: 'Enter the email address you signed up with and your password.',
      invalid_credentials: WRONG_CREDENTIALS,
      rate_limited: TOO_MANY,
      unavailable: OUR_SIDE,
    }[code],
  }),
  forgotPassword: (code: ForgotPasswordError): FormProblem => ({
    retry: false,
    message: {
      validation_failed: 'Enter the email address you signed up with, like name@example.com.',
      unavailable: OUR_SIDE,
    }[code],
  }),
  resetPassword: (code: ResetPasswordError): FormProblem => ({
    retry: false,
    message: {
      validation_failed:
        'Choose a password of at least 8 characters that is not a common one, then open the link from the email again: it still works.',
      invalid_token: ERROR_MESSAGES.invalid_token,
      rate_limited: TOO_MANY,
      unavailable: OUR_SIDE,
    }[code],
  }),
  verifyEmail: (code: VerifyEmailError): FormProblem => ({
    retry: false,
    message: {
      invalid_token: ERROR_MESSAGES.invalid_token,
      email_taken: EMAIL_TAKEN_MEANWHILE,
      rate_limited: TOO_MANY,
      unavailable: OUR_SIDE,
    }[code],
  }),
  account: (code: AccountError): FormProblem => ({
    retry: false,
    message: {
      validation_failed:
        'Some details need attention, and nothing was changed: a name of 1 to 100 characters, a phone number of 6 to 20 digits (or none), a valid email address that is not your current one, your current password, and a new one of at least 8 characters that is not a common one.',
      invalid_password: 'That password is not right. Nothing was changed.',
      email_taken: `${ERROR_MESSAGES.email_taken} Your address was not changed.`,
      unauthenticated: SIGNED_OUT,
      rate_limited: TOO_MANY,
      unavailable: OUR_SIDE,
    }[code],
  }),
}
