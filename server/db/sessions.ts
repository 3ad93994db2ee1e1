import type { Db } from './client'

export type SessionUser = { id: string; name: string; email: string; emailVerified: boolean }

export type SessionStore = {
  create(session: {
    tokenHash: string
    accountId: string
    createdAt: Date
    expiresAt: Date
  }): Promise<void>
  /** The signed-in user, or null when there is no such session or it has expired. */
  findUser(tokenHash: string, now: Date): Promise<SessionUser | null>
  delete(tokenHash: string): Promise<void>
  /** Removes every session of the account but `keepTokenHash` (if given); returns how many. */
  deleteForAccount(accountId: string, keepTokenHash?: string): Promise<number>
  /** Removes every expired session; returns how many. */
  deleteExpired(now: Date): Promise<number>
}

export function sessionStore(db: Db): SessionStore {
  return {
    async create(session) {
      await db.query(
        `INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4)`,
        [
          session.tokenHash,
          session.accountId,
          session.createdAt.toISOString(),
          session.expiresAt.toISOString(),
        ],
      )
    },
    async findUser(tokenHash, now) {
      const { rows } = await db.query<Omit<SessionUser, 'emailVerified'> & { verified: boolean }>(
        `SELECT a.id, a.name, a.email, a.email_verified_at IS NOT NULL AS verified
         FROM sessions s JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = $1 AND s.expires_at > $2`,
        [tokenHash, now.toISOString()],
      )
      const row = rows[0]
      return row
        ? { id: row.id, name: row.name, email: row.email, emailVerified: row.verified }
        : null
    },
    async delete(tokenHash) {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash])
    },
    async deleteForAccount(accountId, keepTokenHash) {
      const { rows } = await db.query<{ n: number | string }>(
        `WITH gone AS (
           DELETE FROM sessions WHERE account_id = $1 AND token_hash IS DISTINCT FROM $2 RETURNING 1
         ) SELECT count(*) AS n FROM gone`,
        [accountId, keepTokenHash ?? null],
      )
      return Number(rows[0]?.n ?? 0)
    },
    async deleteExpired(now) {
      const { rows } = await db.query<{ n: number | string }>(
        `WITH gone AS (DELETE FROM sessions WHERE expires_at <= $1 RETURNING 1)
         SELECT count(*) AS n FROM gone`,
        [now.toISOString()],
      )
      return Number(rows[0]?.n ?? 0)
    },
  }
}
