// Shared by the sign-up form and the server (server/routes/auth.ts): one set of rules.
import * as v from 'valibot'
import { isCommonPassword } from './common-passwords'
import { noControlCharacters } from './control-characters'

/** Said for a password on the common list, by the form (short list) and the server (long one). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another.'

const PHONE_PATTERN = /^\+?[0-9 ()-]+$/

function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length
  return PHONE_PATTERN.test(value) && digits >= 6 && digits <= 20
}

export const SignUpSchema = v.object({
  name: v.pipe(
    v.string('Enter your name.'),
    v.trim(),
    v.nonEmpty('Enter your name.'),
    v.maxLength(100, 'Use at most 100 characters.'),
    noControlCharacters,
  ),
  email: v.pipe(
    v.string('Enter your email address.'),
    v.trim(),
    v.nonEmpty('Enter your email address.'),
    v.maxLength(254, 'Use at most 254 characters.'),
    v.email('Enter a valid email address, like name@example.com.'),
  ),
  // No composition rules (NIST SP 800-63B): length, and not a well-known password.
  password: v.pipe(
    v.string('Enter a password.'),
    v.minLength(8, 'Use at least 8 characters.'),
    v.maxLength(128, 'Use at most 128 characters.'),
    v.check((value) => !isCommonPassword(value), COMMON_PASSWORD_MESSAGE),
  ),
  // Optional: an empty field means no number.
  phoneNumber: v.optional(
    v.pipe(
      v.string('Enter a phone number.'),
      v.trim(),
      v.check(
        (value) => value === '' || isPhoneNumber(value),
        'Use 6 to 20 digits, with an optional leading +, spaces, dashes or parentheses.',
      ),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  ),
})
export type SignUpInput = v.InferInput<typeof SignUpSchema>
export type SignUpData = v.InferOutput<typeof SignUpSchema>

export const AccountSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
  createdAt: v.string(),
})
export type Account = v.InferOutput<typeof AccountSchema>
