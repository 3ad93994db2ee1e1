import type { Db } from './client'

/** What a token sent by email is for (server/auth/tokens.ts). */
export type TokenPurpose = 'password_reset' | 'email_verification' | 'email_change'

/** The account a token was issued to, and for a change of address the address it confirms. */
export type TokenHolder = { accountId: string; newEmail: string | null }

export type AccountTokenStore = {
  /** Stores the account's token for `purpose`, replacing the one it had. */
  replace(token: {
    tokenHash: string
    accountId: string
    purpose: TokenPurpose
    createdAt: Date
    expiresAt: Date
    /** The address an `email_change` token confirms. */
    newEmail?: string
  }): Promise<void>
  /**
   * Deletes the token and answers its holder while it has not expired: one statement, so of two
   * uses at once only one finds it. An expired token is deleted too, and answers null.
   */
  take(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<TokenHolder | null>
  /** The address a live `email_change` token of the account waits to confirm, or null. */
  pendingEmail(accountId: string, now: Date): Promise<string | null>
  /** Forgets the account's token for `purpose` (a changed password voids a reset link). */
  deleteForAccount(accountId: string, purpose: TokenPurpose): Promise<void>
  /** Removes every expired token (nobody used them). */
  deleteExpired(now: Date): Promise<void>
}

export function accountTokenStore(db: Db): AccountTokenStore {
  return {
    async replace(token) {
      await db.query(
        `INSERT INTO account_tokens
           (token_hash, account_id, purpose, created_at, expires_at, new_email)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account_id, purpose) DO UPDATE SET
           token_hash = excluded.token_hash,
           created_at = excluded.created_at,
           expires_at = excluded.expires_at,
           new_email = excluded.new_email`,
        [
          token.tokenHash,
          token.accountId,
          token.purpose,
          token.createdAt.toISOString(),
          token.expiresAt.toISOString(),
          token.newEmail ?? null,
        ],
      )
    },
    async take(tokenHash, purpose, now) {
      const { rows } = await db.query<{
        account_id: string
        new_email: string | null
        live: boolean
      }>(
        `DELETE FROM account_tokens WHERE token_hash = $1 AND purpose = $2
         RETURNING account_id, new_email, expires_at > $3 AS live`,
        [tokenHash, purpose, now.toISOString()],
      )
      const row = rows[0]
      return row?.live ? { accountId: row.account_id, newEmail: row.new_email } : null
    },
    async pendingEmail(accountId, now) {
      const { rows } = await db.query<{ new_email: string }>(
        `SELECT new_email FROM account_tokens
         WHERE account_id = $1 AND purpose = 'email_change' AND expires_at > $2`,
        [accountId, now.toISOString()],
      )
      return rows[0]?.new_email ?? null
    },
    async deleteForAccount(accountId, purpose) {
      await db.query('DELETE FROM account_tokens WHERE account_id = $1 AND purpose = $2', [
        accountId,
        purpose,
      ])
    },
    async deleteExpired(now) {
      await db.query('DELETE FROM account_tokens WHERE expires_at <= $1', [now.toISOString()])
    },
  }
}
