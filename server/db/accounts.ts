import { randomUUID } from 'node:crypto'
import { normalizeEmail } from '@contract/email'
import type { Account, SignUpData } from '@contract/sign-up'
import type { Db } from './client'
import { QueryError } from './errors'

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
  /** The new account, or null when the email (by its key, `normalizeEmail`) is taken. */
  create(
    input: Omit<SignUpData, 'password'> & { passwordHash: string; createdAt: Date },
  ): Promise<Account | null>
  /** What sign-in checks: the account whose email has this one's key, and its password hash. */
  findCredentials(email: string): Promise<Credentials | null>
  /** The same, by the account's id (a password change checks the current one). */
  findCredentialsById(id: string): Promise<Credentials | null>
  setPasswordHash(id: string, passwordHash: string): Promise<void>
  /** What the account page shows (the pending address aside), or null for no such account. */
  findProfile(id: string): Promise<Profile | null>
  /** Sets the name and phone number (null: none). */
  setProfile(id: string, input: { name: string; phoneNumber: string | null }): Promise<void>
  /**
   * Makes `email` the account's address, confirmed at `at`; false when another account has its
   * key (the unique index decides, so of two accounts taking one address at once, one gets it).
   */
  setEmail(id: string, email: string, at: Date): Promise<boolean>
  /** Marks the address verified (once: a later call keeps the first time). */
  markEmailVerified(id: string, at: Date): Promise<void>
  /** Deletes the account; its sessions, tokens and other rows go with it (ON DELETE CASCADE). */
  delete(id: string): Promise<void>
  count(): Promise<number>
}

export type Profile = {
  id: string
  name: string
  email: string
  phoneNumber: string | null
  emailVerified: boolean
}

export type Credentials = {
  id: string
  name: string
  email: string
  emailVerified: boolean
  passwordHash: string
}

type CredentialsRow = {
  id: string
  name: string
  email: string
  email_verified: boolean
  password_hash: string
}

const CREDENTIALS_COLUMNS =
  'id, name, email, email_verified_at IS NOT NULL AS email_verified, password_hash'

function toCredentials(row: CredentialsRow | undefined): Credentials | null {
  return row
    ? {
        id: row.id,
        name: row.name,
        email: row.email,
        emailVerified: row.email_verified,
        passwordHash: row.password_hash,
      }
    : null
}

export function accountStore(db: Db): AccountStore {
  return {
    async create(input) {
      // ON CONFLICT on the email_key index: of concurrent sign-ups, one inserts, the rest get no row.
      const { rows } = await db.query<AccountRow>(
        `INSERT INTO accounts (id, name, email, email_key, phone_number, password_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (email_key) DO NOTHING
         RETURNING ${ACCOUNT_COLUMNS}`,
        [
          randomUUID(),
          input.name,
          input.email,
          normalizeEmail(input.email),
          input.phoneNumber ?? null,
          input.passwordHash,
          input.createdAt.toISOString(),
        ],
      )
      const row = rows[0]
      return row ? toAccount(row) : null
    },
    async findCredentials(email) {
      const { rows } = await db.query<CredentialsRow>(
        `SELECT ${CREDENTIALS_COLUMNS} FROM accounts WHERE email_key = $1`,
        [normalizeEmail(email)],
      )
      return toCredentials(rows[0])
    },
    async findCredentialsById(id) {
      const { rows } = await db.query<CredentialsRow>(
        `SELECT ${CREDENTIALS_COLUMNS} FROM accounts WHERE id = $1`,
        [id],
      )
      return toCredentials(rows[0])
    },
    async setPasswordHash(id, passwordHash) {
      await db.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [id, passwordHash])
    },
    async findProfile(id) {
      const { rows } = await db.query<{
        id: string
        name: string
        email: string
        phone_number: string | null
        email_verified: boolean
      }>(
        `SELECT id, name, email, phone_number, email_verified_at IS NOT NULL AS email_verified
         FROM accounts WHERE id = $1`,
        [id],
      )
      const row = rows[0]
      return row
        ? {
            id: row.id,
            name: row.name,
            email: row.email,
            phoneNumber: row.phone_number,
            emailVerified: row.email_verified,
          }
        : null
    },
    async setProfile(id, { name, phoneNumber }) {
      await db.query('UPDATE accounts SET name = $2, phone_number = $3 WHERE id = $1', [
        id,
        name,
        phoneNumber,
      ])
    },
    async setEmail(id, email, at) {
      try {
        await db.query(
          'UPDATE accounts SET email = $2, email_key = $3, email_verified_at = $4 WHERE id = $1',
          [id, email, normalizeEmail(email), at.toISOString()],
        )
        return true
      } catch (error) {
        // unique_violation: another account has this address's key.
        if (error instanceof QueryError && error.code === '23505') return false
        throw error
      }
    },
    async markEmailVerified(id, at) {
      await db.query(
        'UPDATE accounts SET email_verified_at = coalesce(email_verified_at, $2) WHERE id = $1',
        [id, at.toISOString()],
      )
    },
    async delete(id) {
      await db.query('DELETE FROM accounts WHERE id = $1', [id])
    },
    async count() {
      const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM accounts')
      return Number(rows[0]?.n ?? 0)
    },
  }
}
