// Shared by the server (server/routes/auth.ts), the prerenderer (scripts/prerender.ts, by contract/pages.ts) and the
// sign-up and sign-in pages, so this module imports valibot only.
import * as v from 'valibot'
import { ReturnPathSchema } from './return-to'
import type {
  ACCOUNT_DONE,
  ACCOUNT_ERRORS,
  FORGOT_PASSWORD_DONE,
  FORGOT_PASSWORD_ERRORS,
  RESET_PASSWORD_DONE,
  RESET_PASSWORD_ERRORS,
  VERIFY_EMAIL_DONE,
  VERIFY_EMAIL_ERRORS,
} from './account-forms'
import type { ALERT_DONE, ALERT_ERRORS } from './alerts'

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
  | (typeof ALERT_ERRORS)[number]

export type FormDone =
  | (typeof FORGOT_PASSWORD_DONE)[number]
  | (typeof RESET_PASSWORD_DONE)[number]
  | (typeof VERIFY_EMAIL_DONE)[number]
  | (typeof ACCOUNT_DONE)[number]
  | (typeof ALERT_DONE)[number]

/** The page's search: a known code, or nothing (an unknown value is dropped, never shown). */
export function formErrorSearch<const C extends readonly FormError[]>(codes: C) {
  return v.object({ error: v.fallback(v.optional(v.picklist(codes)), undefined) })
}

/**
 * The sign-in and sign-up pages' search: the code a form came back with, the path to go back to
 * once signed in (`?return=`), and whether a sign-out made without JavaScript landed here.
 */
export function authPageSearch<const C extends readonly FormError[]>(codes: C) {
  return v.object({
    ...formErrorSearch(codes).entries,
    return: ReturnPathSchema,
    signed_out: v.fallback(v.optional(v.boolean()), undefined),
  })
}

/**
 * The search of the recovery and account pages: `?error=`, `?done=` and `?token=` as any text. Which
 * codes a page knows is checked by its own (lazily loaded) code with `knownCode`, so these routes'
 * definitions, in every page's entry, carry no code lists.
 */
export const FormStateSearchSchema = v.object({
  error: v.fallback(v.optional(v.string()), undefined),
  done: v.fallback(v.optional(v.string()), undefined),
  token: v.fallback(v.optional(v.string()), undefined),
})

/** `value` when it is one of `codes`, else undefined (an unknown value is dropped, never shown). */
export function knownCode<const C extends readonly string[]>(
  codes: C,
  value: string | undefined,
): C[number] | undefined {
  return codes.find((code) => code === value)
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
