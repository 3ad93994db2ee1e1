import type { Account, SignUpData } from '@contract/sign-up'
import type { Clock } from '../clock'
import type { AccountStore } from '../db/accounts'
import { hashPassword } from './password'

/** A new account from validated input, or null when the email is taken (in any case). */
export async function signUp(
  deps: { accounts: AccountStore; clock: Clock },
  { password, ...input }: SignUpData,
): Promise<Account | null> {
  return deps.accounts.create({
    ...input,
    passwordHash: await hashPassword(password),
    createdAt: new Date(deps.clock.now()),
  })
}
