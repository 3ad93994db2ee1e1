import { randomUUID } from 'node:crypto'
import type { Account, SignUpData } from '@contract/sign-up'
import type { Db } from './client'

type AccountRow = {
  id: string
  name: string
  email: string
  phone_number: string | null
  created_at: Date | string
}

// The hash is never selected into an Account, so it cannot reach a response by mistake.
const ACCOUNT_COLUMNS = 'id, name, email, phone_number, created_at'

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

export type AccountStore = {
  /** The new account, or null when the email (in any case) is taken. */
  create(
    input: Omit<SignUpData, 'password'> & { passwordHash: string; createdAt: Date },
  ): Promise<Account | null>
  /** What sign-in checks: the account with this email (in any case) and its password hash. */
  findCredentials(
    email: string,
  ): Promise<{ id: string; name: string; email: string; passwordHash: string } | null>
  count(): Promise<number>
}

export function accountStore(db: Db): AccountStore {
  return {
    async create(input) {
      // ON CONFLICT on the lower(email) index: of concurrent sign-ups, one inserts, the rest get no row.
      const { rows } = await db.query<AccountRow>(
        `INSERT INTO accounts (id, name, email, phone_number, password_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ((lower(email))) DO NOTHING
         RETURNING ${ACCOUNT_COLUMNS}`,
        [
          randomUUID(),
          input.name,
          input.email,
          input.phoneNumber ?? null,
          input.passwordHash,
          input.createdAt.toISOString(),
        ],
      )
      const row = rows[0]
      return row ? toAccount(row) : null
    },
    async findCredentials(email) {
      const { rows } = await db.query<{
        id: string
        name: string
        email: string
        password_hash: string
      }>('SELECT id, name, email, password_hash FROM accounts WHERE lower(email) = lower($1)', [
        email,
      ])
      const row = rows[0]
      return row
        ? { id: row.id, name: row.name, email: row.email, passwordHash: row.password_hash }
        : null
    },
    async count() {
      const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM accounts')
      return Number(rows[0]?.n ?? 0)
    },
  }
}
