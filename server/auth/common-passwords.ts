import { dictionary } from '@zxcvbn-ts/language-common'
import * as v from 'valibot'
import { ChangePasswordSchema, PasswordResetConfirmSchema } from '@contract/account'
import { COMMON_PASSWORD_MESSAGE, SignUpSchema } from '@contract/sign-up'
import { normalisePassword } from './password'

/**
 * Passwords the server refuses (OWASP ASVS 5.0 V6.2.4): zxcvbn-ts's common-password list (MIT),
 * the passwords seen more than ten times in Mark Burnett's ten million leaked passwords, in lower
 * case, ranked by frequency. The 17,950 of them that are 8+ characters long are kept (shorter
 * ones fail the length rule first); 3,534 of those are among the list's top 10,000. The site
 * keeps a short list of its own for instant feedback (src/features/auth/common-passwords.ts).
 */
const COMMON = new Set(dictionary['passwords-common'].filter((password) => password.length >= 8))

export function isCommonPassword(password: string): boolean {
  return COMMON.has(normalisePassword(password).toLowerCase())
}

/** Sign-up as the server checks it: the shared rules, then the long list of common passwords. */
export const ServerSignUpSchema = v.object({
  ...SignUpSchema.entries,
  password: v.pipe(
    SignUpSchema.entries.password,
    v.check((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE),
  ),
})

/** A new password as the server checks it: sign-up's rule, long list included. */
const ServerNewPasswordSchema = ServerSignUpSchema.entries.password

export const ServerPasswordResetConfirmSchema = v.object({
  ...PasswordResetConfirmSchema.entries,
  password: ServerNewPasswordSchema,
})

export const ServerChangePasswordSchema = v.object({
  ...ChangePasswordSchema.entries,
  password: ServerNewPasswordSchema,
})
