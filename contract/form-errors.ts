// Shared by the server (server/routes/auth.ts), the prerenderer (scripts/prerender.ts, by contract/pages.ts) and the
// sign-up and sign-in pages, so this module imports valibot only.
import * as v from 'valibot'

/**
 * Why a form posted without the page's script (JavaScript off, or a submit before it ran) came
 * back to its page, as `?error=<code>`. Codes only: the URL never holds what was typed.
 */
export const SIGN_UP_ERRORS = [
  'validation_failed',
  'email_taken',
  'rate_limited',
  'unavailable',
] as const
export const SIGN_IN_ERRORS = [
  'validation_failed',
  'invalid_credentials',
  'rate_limited',
  'unavailable',
] as const

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

export type SignUpError = (typeof SIGN_UP_ERRORS)[number]
export type SignInError = (typeof SIGN_IN_ERRORS)[number]
export type ForgotPasswordError = (typeof FORGOT_PASSWORD_ERRORS)[number]
export type ResetPasswordError = (typeof RESET_PASSWORD_ERRORS)[number]
export type VerifyEmailError = (typeof VERIFY_EMAIL_ERRORS)[number]
export type AccountError = (typeof ACCOUNT_ERRORS)[number]
export type FormError =
  | SignUpError
  | SignInError
  | ForgotPasswordError
  | ResetPasswordError
  | VerifyEmailError
  | AccountError

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
export type FormDone =
  | (typeof FORGOT_PASSWORD_DONE)[number]
  | (typeof RESET_PASSWORD_DONE)[number]
  | (typeof VERIFY_EMAIL_DONE)[number]
  | (typeof ACCOUNT_DONE)[number]

/** The page's search: a known code, or nothing (an unknown value is dropped, never shown). */
export function formErrorSearch<const C extends readonly FormError[]>(codes: C) {
  return v.object({ error: v.fallback(v.optional(v.picklist(codes)), undefined) })
}

/** The same, with the page's `?done=` codes beside its errors. */
export function formStateSearch<
  const C extends readonly FormError[],
  const D extends readonly FormDone[],
>(codes: C, done: D) {
  return v.object({
    error: v.fallback(v.optional(v.picklist(codes)), undefined),
    done: v.fallback(v.optional(v.picklist(done)), undefined),
  })
}

// API error codes that mean the same thing to a visitor (server/errors.ts).
const SAME_AS: Record<string, FormError> = {
  bad_request: 'validation_failed',
  payload_too_large: 'validation_failed',
}

/** The page's code for an API error code; what the page has no words for is `unavailable`. */
export function formErrorFor(apiCode: string, codes: readonly FormError[]): FormError {
  const code = SAME_AS[apiCode] ?? apiCode
  return codes.find((known) => known === code) ?? 'unavailable'
}
