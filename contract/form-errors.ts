// Shared by the server (server/routes/auth.ts), the prerenderer (scripts/prerender.ts, by contract/pages.ts) and the
// sign-up and sign-in pages, so this module imports valibot only.
import * as v from 'valibot'
import { ReturnPathSchema } from './return-to'

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
export type FormError = SignUpError | SignInError

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
