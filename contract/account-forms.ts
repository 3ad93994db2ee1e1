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
/** `email_taken`: a change of address whose address another account took before the link was opened. */
export const VERIFY_EMAIL_ERRORS = [
  'invalid_token',
  'email_taken',
  'rate_limited',
  'unavailable',
] as const
/** The account page's forms; `unauthenticated`: the session ended before the post. */
export const ACCOUNT_ERRORS = [
  'validation_failed',
  'invalid_password',
  'email_taken',
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
  'details_saved',
  'email_change_sent',
  'password_changed',
  'verification_sent',
  'signed_out',
  'deleted',
] as const

/** A change of address whose address another account took before its link was opened. */
export const EMAIL_TAKEN_MEANWHILE =
  'Another account uses this address now. Your address was not changed.'
