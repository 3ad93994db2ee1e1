import { randomBytes } from 'node:crypto'
import type { Clock } from '../clock'
import type { AccountTokenStore, TokenHolder, TokenPurpose } from '../db/account-tokens'
import { hashToken } from './session'

export type { TokenHolder, TokenPurpose } from '../db/account-tokens'

/** How long a link sent by email works (NIST SP 800-63B: short-lived recovery secrets). */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  password_reset: 30 * 60_000,
  email_verification: 24 * 60 * 60_000,
  email_change: 24 * 60 * 60_000,
}

export type TokenDeps = { tokens: AccountTokenStore; clock: Clock }

/**
 * A new token for the account: 256 bits from the system's secure random source, in the link only;
 * the database keeps its SHA-256. It replaces the account's previous token for the same purpose.
 */
export async function issueToken(
  deps: TokenDeps,
  accountId: string,
  purpose: TokenPurpose,
  newEmail?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.clock.now()
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + TOKEN_TTL_MS[purpose])
  await deps.tokens.deleteExpired(new Date(now))
  await deps.tokens.replace({
    tokenHash: hashToken(token),
    accountId,
    purpose,
    createdAt: new Date(now),
    expiresAt,
    ...(newEmail === undefined ? {} : { newEmail }),
  })
  return { token, expiresAt }
}

/** The account a live token was issued to, or null; a token works once, whatever the answer. */
export async function redeemToken(
  deps: TokenDeps,
  token: string,
  purpose: TokenPurpose,
): Promise<string | null> {
  return (await redeemTokenHolder(deps, token, purpose))?.accountId ?? null
}

/** The same, with the address a change-of-address token confirms. */
export function redeemTokenHolder(
  deps: TokenDeps,
  token: string,
  purpose: TokenPurpose,
): Promise<TokenHolder | null> {
  return deps.tokens.take(hashToken(token), purpose, new Date(deps.clock.now()))
}
