// Password recovery, email verification and the account page, shared by their pages and the
// server (server/routes/recovery.ts, server/routes/account.ts). The new-password rule is sign-up's.
import * as v from 'valibot'
import { SessionUserSchema } from './session'
import { SignUpSchema } from './sign-up'
import { TOKEN_PATTERN } from './token'

const TokenSchema = v.pipe(
  v.string('This link is incomplete. Open it again from the email.'),
  v.regex(TOKEN_PATTERN, 'This link is incomplete. Open it again from the email.'),
)

const CurrentPasswordSchema = v.pipe(
  v.string('Enter your current password.'),
  v.nonEmpty('Enter your current password.'),
  v.maxLength(128, 'Use at most 128 characters.'),
)

export const PasswordResetRequestSchema = v.object({ email: SignUpSchema.entries.email })
export type PasswordResetRequest = v.InferOutput<typeof PasswordResetRequestSchema>

export const PasswordResetConfirmSchema = v.object({
  token: TokenSchema,
  password: SignUpSchema.entries.password,
})
export type PasswordResetConfirm = v.InferOutput<typeof PasswordResetConfirmSchema>

export const VerifyEmailSchema = v.object({ token: TokenSchema })
export type VerifyEmail = v.InferOutput<typeof VerifyEmailSchema>

export const ChangePasswordSchema = v.object({
  currentPassword: CurrentPasswordSchema,
  password: SignUpSchema.entries.password,
})
export type ChangePassword = v.InferOutput<typeof ChangePasswordSchema>

/** The account page's details: the name and phone number, by sign-up's rules (empty: no number). */
export const EditDetailsSchema = v.object({
  name: SignUpSchema.entries.name,
  phoneNumber: SignUpSchema.entries.phoneNumber,
})
export type EditDetails = v.InferOutput<typeof EditDetailsSchema>

/** A new address, taken only once a link mailed to it is opened; the password says it is the owner. */
export const ChangeEmailSchema = v.object({
  email: SignUpSchema.entries.email,
  password: CurrentPasswordSchema,
})
export type ChangeEmail = v.InferOutput<typeof ChangeEmailSchema>

export const DeleteAccountSchema = v.object({ password: CurrentPasswordSchema })
export type DeleteAccount = v.InferOutput<typeof DeleteAccountSchema>

/** What `POST /api/auth/password-reset` answers, whether or not the account exists. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this address, we have sent it a link to choose a new password. The link works for 30 minutes.'

/**
 * `GET /api/auth/session` as the account page reads it: the user and whether their address is
 * confirmed. Apart from `SessionUserSchema`, which every page's navigation bar loads.
 */
export const AccountSessionSchema = v.object({
  user: v.object({ ...SessionUserSchema.entries.user.entries, emailVerified: v.boolean() }),
})
export type AccountUser = v.InferOutput<typeof AccountSessionSchema>['user']
