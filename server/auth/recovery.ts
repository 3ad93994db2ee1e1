import { normalizeEmail } from '@contract/email'
import type { Clock } from '../clock'
import type { AccountStore } from '../db/accounts'
import type { AccountTokenStore } from '../db/account-tokens'
import type { SessionStore } from '../db/sessions'
import type { Limiter } from '../limits/rate-limiter'
import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import { passwordChangedMail, passwordResetMail, verifyEmailMail } from './account-mail'
import { checkPassword, hashPassword } from './password'
import { endAllSessions } from './session'
import { issueToken, redeemToken } from './tokens'

export type RecoveryDeps = {
  accounts: AccountStore
  sessions: SessionStore
  tokens: AccountTokenStore
  clock: Clock
  mailer: Pick<Mailer, 'enqueue'>
  /** The public origin every link in a message starts with. */
  siteUrl: string
  /** Reset emails per address (3 an hour). */
  resetEmails: Limiter
  /**
   * Mails to one address (`MAIL_PER_ADDRESS_PER_HOUR`), by its key, whatever account asks: a
   * deleted and re-created account, or several, do not get a fresh allowance.
   */
  mailPerAddress: Limiter
  logger: Logger
}

/**
 * Whether one more message a visitor's request causes may go to this address this hour; past the
 * allowance the log says a message was not sent (not to whom). Asked before a link is made, so a
 * refused message does not replace the link sent last.
 */
export async function mayMail(deps: RecoveryDeps, what: string, to: string): Promise<boolean> {
  if ((await deps.mailPerAddress.hit(normalizeEmail(to))).allowed) return true
  deps.logger.warn({ mail: what }, 'mail not sent: its address had its hourly allowance')
  return false
}

/**
 * Sends the account with this email (if any, and if its hourly allowance is left) a link to
 * choose a new password. Says nothing either way: the caller answers the same in every case.
 */
export async function requestPasswordReset(deps: RecoveryDeps, email: string): Promise<void> {
  const account = await deps.accounts.findCredentials(email)
  if (!account) return
  if (!(await deps.resetEmails.hit(normalizeEmail(account.email))).allowed) return
  if (!(await mayMail(deps, 'password reset', account.email))) return
  const { token, expiresAt } = await issueToken(deps, account.id, 'password_reset')
  // A reset message still unsent when its link expires is worth nothing: it is dropped.
  await deps.mailer.enqueue(passwordResetMail(account.email, deps.siteUrl, token), {
    discardAfter: expiresAt,
    accountId: account.id,
  })
}

/**
 * Sets the new password if the token is live (it works once), ends every session of the account
 * and emails the notice. False for a token unknown, used or expired. The password is hashed first,
 * so a busy server (503) leaves the link usable.
 */
export async function confirmPasswordReset(
  deps: RecoveryDeps,
  token: string,
  password: string,
): Promise<boolean> {
  const passwordHash = await hashPassword(password)
  const accountId = await redeemToken(deps, token, 'password_reset')
  if (!accountId) return false
  await setPassword(deps, accountId, passwordHash)
  return true
}

/**
 * Changes the password of a signed-in account whose current password is given; the session
 * `keepToken` stays, every other one ends. False when the current password is wrong.
 */
export async function changePassword(
  deps: RecoveryDeps,
  input: { accountId: string; currentPassword: string; password: string; keepToken: string },
): Promise<boolean> {
  const account = await checkPassword(
    () => deps.accounts.findCredentialsById(input.accountId),
    input.currentPassword,
  )
  if (!account) return false
  await setPassword(deps, account.id, await hashPassword(input.password), input.keepToken)
  return true
}

async function setPassword(
  deps: RecoveryDeps,
  accountId: string,
  passwordHash: string,
  keepToken?: string,
): Promise<void> {
  await deps.accounts.setPasswordHash(accountId, passwordHash)
  await endAllSessions(deps, accountId, keepToken)
  // A reset link asked for before the change must not undo it.
  await deps.tokens.deleteForAccount(accountId, 'password_reset')
  const account = await deps.accounts.findCredentialsById(accountId)
  if (account && (await mayMail(deps, 'password changed', account.email))) {
    const at = new Date(deps.clock.now())
    await deps.mailer.enqueue(passwordChangedMail(account.email, deps.siteUrl, at), {
      accountId: account.id,
    })
  }
}

/** Emails the account a link that confirms its address. */
export async function sendVerification(
  deps: RecoveryDeps,
  account: { id: string; email: string },
): Promise<void> {
  if (!(await mayMail(deps, 'email verification', account.email))) return
  const { token, expiresAt } = await issueToken(deps, account.id, 'email_verification')
  await deps.mailer.enqueue(verifyEmailMail(account.email, deps.siteUrl, token), {
    discardAfter: expiresAt,
    accountId: account.id,
  })
}

/** Marks the address of the token's account verified; false for a token unknown, used or expired. */
export async function verifyEmail(deps: RecoveryDeps, token: string): Promise<boolean> {
  const accountId = await redeemToken(deps, token, 'email_verification')
  if (!accountId) return false
  await deps.accounts.markEmailVerified(accountId, new Date(deps.clock.now()))
  return true
}

/**
 * Deletes the account whose password is given, at once: its sessions, tokens and (through ON
 * DELETE CASCADE) every row that names it. Its email address can sign up again. False when the
 * password is wrong.
 */
export async function deleteAccount(
  deps: RecoveryDeps,
  accountId: string,
  password: string,
): Promise<boolean> {
  const account = await checkPassword(() => deps.accounts.findCredentialsById(accountId), password)
  if (!account) return false
  await deps.accounts.delete(account.id)
  return true
}
