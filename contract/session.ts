// Sign-in and session shapes, shared by the site and the server (server/routes/auth.ts). Apart
// from the sign-up rules so that every page's navigation bar does not load the password list.
import * as v from 'valibot'
import { noControlCharacters } from './control-characters'

/** Sign-in: the username is the account's email, in any case. */
export const SignInSchema = v.object({
  username: v.pipe(
    v.string('Enter your email address.'),
    v.trim(),
    v.nonEmpty('Enter your email address.'),
    v.maxLength(254, 'Use at most 254 characters.'),
    noControlCharacters,
  ),
  password: v.pipe(
    v.string('Enter your password.'),
    v.nonEmpty('Enter your password.'),
    v.maxLength(128, 'Use at most 128 characters.'),
  ),
})
export type SignInInput = v.InferInput<typeof SignInSchema>

/**
 * The companion cookie the server (server/routes/auth.ts) sets beside the HttpOnly session
 * cookie, so the site knows whether to ask for a session (`mightBeSignedIn`).
 */
export const SIGNED_IN_COOKIE = 'coinvera_signed_in'

export const SessionUserSchema = v.object({
  user: v.object({ id: v.string(), name: v.string(), email: v.string() }),
})
export type SessionUser = v.InferOutput<typeof SessionUserSchema>['user']
