import { normalizeEmail } from '@contract/email'
import type { EditDetails } from '@contract/account'
import type { AccountDetails } from '@contract/account-details'
import { confirmNewEmailMail, emailChangedMail } from './account-mail'
import { checkPassword } from './password'
import { mayMail, type RecoveryDeps } from './recovery'
import { issueToken, redeemTokenHolder } from './tokens'

/** What the account page shows: the details sign-up asked for, and an address waiting for its link. */
export async function accountDetails(
  deps: RecoveryDeps,
  accountId: string,
): Promise<AccountDetails | null> {
  const profile = await deps.accounts.findProfile(accountId)
  if (!profile) return null
  const pendingEmail = await deps.tokens.pendingEmail(accountId, new Date(deps.clock.now()))
  return { ...profile, pendingEmail }
}

/** Sets the name and phone number; an empty phone number removes it. */
export function changeDetails(
  deps: RecoveryDeps,
  accountId: string,
  input: EditDetails,
): Promise<void> {
  return deps.accounts.setProfile(accountId, {
    name: input.name,
    phoneNumber: input.phoneNumber ?? null,
  })
}

export type EmailChangeRequest = 'requested' | 'wrong_password' | 'unchanged' | 'taken'

/**
 * Asks to move the account to `email`: with the right password, an address no account has,
 * mails a link to that address; the account keeps its address until the link is opened. A new
 * request replaces the pending one. Past the new address's hourly allowance, nothing is stored
 * or sent and the answer is the same, as for every mail a visitor's request causes.
 */
export async function requestEmailChange(
  deps: RecoveryDeps,
  input: { accountId: string; email: string; password: string },
): Promise<EmailChangeRequest> {
  const account = await checkPassword(
    () => deps.accounts.findCredentialsById(input.accountId),
    input.password,
  )
  if (!account) return 'wrong_password'
  if (normalizeEmail(input.email) === normalizeEmail(account.email)) return 'unchanged'
  // Says no more than sign-up's 409 does, and only to an owner who typed their password.
  if (await deps.accounts.findCredentials(input.email)) return 'taken'
  if (!(await mayMail(deps, 'email change', input.email))) return 'requested'
  const { token, expiresAt } = await issueToken(deps, account.id, 'email_change', input.email)
  await deps.mailer.enqueue(confirmNewEmailMail(input.email, deps.siteUrl, token), {
    discardAfter: expiresAt,
    accountId: account.id,
  })
  return 'requested'
}

/**
 * Opens a change-of-address link: the address becomes the account's, confirmed; the old one is
 * told. `taken` when another account got the address meanwhile (the link is used up either way).
 */
export async function confirmEmailChange(
  deps: RecoveryDeps,
  token: string,
): Promise<'changed' | 'invalid' | 'taken'> {
  const holder = await redeemTokenHolder(deps, token, 'email_change')
  const before = holder && (await deps.accounts.findCredentialsById(holder.accountId))
  if (!holder?.newEmail || !before) return 'invalid'
  const at = new Date(deps.clock.now())
  if (!(await deps.accounts.setEmail(before.id, holder.newEmail, at))) return 'taken'
  // Links mailed to the old address must not act on the account any more.
  await deps.tokens.deleteForAccount(before.id, 'password_reset')
  await deps.tokens.deleteForAccount(before.id, 'email_verification')
  if (await mayMail(deps, 'email changed', before.email)) {
    await deps.mailer.enqueue(emailChangedMail(before.email, deps.siteUrl, at), {
      accountId: before.id,
    })
  }
  return 'changed'
}
