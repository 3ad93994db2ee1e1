// The codes the recovery and account pages' forms come back with (see form-errors.ts), apart so
// that they load with those pages, not with every page's entry.

/** `?error=` codes, as for sign-up and sign-in. */
export const FORGOT_PASSWORD_ERRORS = ['validation_failed', 'unavailable'] as const
export const RESET_PASSWORD_ERRORS = [
  'validation_failed',
  'invalid_token',
  'rate_limited',
  'unavailable',
] as const
export const VERIFY_EMAIL_ERRORS = ['invalid_token', 'rate_limited', 'unavailable'] as const
/** The account page's forms; `unauthenticated`: the session ended before the post. */
export const ACCOUNT_ERRORS = [
  'validation_failed',
  'invalid_password',
  'unauthenticated',
  'rate_limited',
  'unavailable',
] as const

/**
 * Where a form posted without the page's script goes once it worked, as `?done=<code>`: the page
 * says what happened (prerendered once per code, like the errors).
 */
export const FORGOT_PASSWORD_DONE = ['sent'] as const
export const RESET_PASSWORD_DONE = ['changed'] as const
export const VERIFY_EMAIL_DONE = ['verified'] as const
export const ACCOUNT_DONE = [
  'password_changed',
  'verification_sent',
  'signed_out',
  'deleted',
] as const
