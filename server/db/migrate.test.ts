import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDataDir, removeDir } from '../../tests/server/helpers/pglite'
import { createLogger } from '../logger'
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
