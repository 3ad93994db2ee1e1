import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './client'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
// Any constant shared by every instance; it names "the migration lock" for this schema.
const LOCK_ID = 4_242_001

export type Migration = { version: number; name: string; sql: string }

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(join(dir, file), 'utf8'),
    }))
}

/**
 * Applies the migrations not yet recorded, each in its own transaction. The advisory lock makes
 * instances that start together take turns: the first applies, the others find nothing to do.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  return db.session(async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1)', [LOCK_ID])
    try {
      await connection.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`)
      const { rows } = await connection.query<{ version: number }>(
        'SELECT version FROM schema_migrations',
      )
      const applied = new Set(rows.map((row) => Number(row.version)))
      const done: string[] = []
      for (const migration of migrations) {
        if (applied.has(migration.version)) continue
        await connection.exec('BEGIN')
        try {
          await connection.exec(migration.sql)
          await connection.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
            migration.version,
            migration.name,
          ])
          await connection.exec('COMMIT')
        } catch (error) {
          await connection.exec('ROLLBACK')
          throw error
        }
        done.push(migration.name)
      }
      return done
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [LOCK_ID])
    }
  })
}
