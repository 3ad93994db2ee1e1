import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDataDir, removeDir } from '../../tests/server/helpers/pglite'
import { createLogger } from '../logger'
import { accountStore } from './accounts'
import { alertStore } from './alerts'
import { type Db, openDb } from './client'
import { migrate, readMigrations } from './migrate'

let dataDir: string
let db: Db

beforeAll(async () => {
  dataDir = await freshDataDir()
  db = await openDb({ dataDir, databaseUrl: undefined }, createLogger('silent'))
})
afterAll(async () => {
  await db?.close()
  removeDir(dataDir)
})

describe('migrate', () => {
  it('applies each migration once, even when asked twice at the same time', async () => {
    const runs = await Promise.all([migrate(db), migrate(db)])
    const names = readMigrations().map((m) => m.name)
    expect(runs.flat().sort()).toEqual(names)
    expect(await migrate(db)).toEqual([])
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations')
    expect(rows.map((r) => r.name)).toEqual(names)
  })

  it('rolls a failing migration back and records nothing', async () => {
    const broken = [
      { version: 999, name: '999-broken', sql: 'CREATE TABLE t (id int); SELECT nope;' },
    ]
    await expect(migrate(db, broken)).rejects.toThrow()
    const { rows } = await db.query(
      "SELECT 1 FROM information_schema.tables WHERE table_name = 't'",
    )
    expect(rows).toEqual([])
    expect(await migrate(db)).toEqual([])
  })
})

describe('008-email-key', () => {
  it('keys the accounts stored before it, so they sign in and stay taken in any case', async () => {
    const dir = await freshDataDir()
    const old = await openDb({ dataDir: dir, databaseUrl: undefined }, createLogger('silent'))
    try {
      const before = readMigrations().filter((m) => m.version < 8)
      await migrate(old, before)
      await old.query(
        `INSERT INTO accounts (id, name, email, password_hash)
         VALUES ('00000000-0000-4000-8000-000000000001', 'Old', 'Old.User@Example.com', 'h')`,
      )
      expect(await migrate(old)).toContain('008-email-key')
      const accounts = accountStore(old)
      expect((await accounts.findCredentials(' old.user@EXAMPLE.com '))?.name).toBe('Old')
      const again = await accounts.create({
        name: 'New',
        email: 'OLD.user@example.com',
        passwordHash: 'h',
        createdAt: new Date(0),
      })
      expect(again).toBeNull()
    } finally {
      await old.close()
      removeDir(dir)
    }
  })
})

describe('011-alert-price', () => {
  it('keeps the alerts stored before it, their value read as their price, and still refuses 0', async () => {
    const dir = await freshDataDir()
    const old = await openDb({ dataDir: dir, databaseUrl: undefined }, createLogger('silent'))
    const accountId = '00000000-0000-4000-8000-000000000002'
    try {
      await migrate(
        old,
        readMigrations().filter((m) => m.version < 11),
      )
      await old.query(
        `INSERT INTO accounts (id, name, email, email_key, password_hash)
         VALUES ($1, 'Old', 'old@example.com', 'old@example.com', 'h')`,
        [accountId],
      )
      await old.query(
        `INSERT INTO alerts (id, account_id, coin_id, currency, direction, threshold, state, created_at)
         VALUES (gen_random_uuid(), $1, 'bitcoin', 'usd', 'above', 65000.5, 'waiting', now())`,
        [accountId],
      )
      expect(await migrate(old)).toContain('011-alert-price')
      const alerts = alertStore(old)
      expect((await alerts.list(accountId)).map((alert) => alert.price)).toEqual([65000.5])
      const bitcoin = { accountId, coinId: 'bitcoin', currency: 'usd', direction: 'below' as const }
      expect((await alerts.create({ ...bitcoin, price: 60000 }, 10, new Date()))?.price).toBe(60000)
      await expect(alerts.create({ ...bitcoin, price: 0 }, 10, new Date())).rejects.toThrow()
    } finally {
      await old.close()
      removeDir(dir)
    }
  })
})
