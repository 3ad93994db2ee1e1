import { createHash, randomBytes } from 'node:crypto'
import type { SignInInput } from '@contract/session'
import type { Clock } from '../clock'
import type { AccountStore } from '../db/accounts'
import type { SessionStore, SessionUser } from '../db/sessions'
import { checkPassword } from './password'

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export type SessionDeps = { accounts: AccountStore; sessions: SessionStore; clock: Clock }

/** A session's cookie value and when it ends. */
export type NewSession = { token: string; expiresAt: Date }

// 256 random bits; the cookie carries them, the database only their hash.
function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The user whose email and password these are, or null; both failures cost one hash check. */
export async function checkCredentials(
  deps: Pick<SessionDeps, 'accounts'>,
  { username, password }: SignInInput,
): Promise<SessionUser | null> {
  const account = await checkPassword(
    () => deps.accounts.findCredentials(username.trim()),
    password,
  )
  return (
    account && {
      id: account.id,
      name: account.name,
      email: account.email,
      emailVerified: account.emailVerified,
    }
  )
}

/** A new session for the account: a fresh token every time, expired sessions swept on the way. */
export async function startSession(deps: SessionDeps, accountId: string): Promise<NewSession> {
  const now = deps.clock.now()
  const token = newToken()
  const expiresAt = new Date(now + SESSION_TTL_MS)
  await deps.sessions.deleteExpired(new Date(now))
  await deps.sessions.create({
    tokenHash: hashToken(token),
    accountId,
    createdAt: new Date(now),
    expiresAt,
  })
  return { token, expiresAt }
}

/** The user of a live session; an expired one is deleted on sight. */
export async function sessionUser(deps: SessionDeps, token: string): Promise<SessionUser | null> {
  const tokenHash = hashToken(token)
  const user = await deps.sessions.findUser(tokenHash, new Date(deps.clock.now()))
  if (!user) await deps.sessions.delete(tokenHash)
  return user
}

export function endSession(deps: SessionDeps, token: string): Promise<void> {
  return deps.sessions.delete(hashToken(token))
}

/** Ends every session of the account, on every device; but the one of `keepToken`, if given. */
export function endAllSessions(
  deps: Pick<SessionDeps, 'sessions'>,
  accountId: string,
  keepToken?: string,
): Promise<number> {
  return deps.sessions.deleteForAccount(accountId, keepToken && hashToken(keepToken))
}
