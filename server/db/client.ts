import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Logger } from '../logger'
import { DatabaseUnavailableError, isUnavailable } from './errors'

export type Row = Record<string, unknown>

async function translate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    throw isUnavailable(error) ? new DatabaseUnavailableError(error) : error
  }
}

/** What queries need: parameterised statements, and a multi-statement script for migrations. */
export type Queryable = {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<void>
}

/**
 * One small interface over both engines. `session` pins one connection, for the work that needs
 * one (an advisory lock, a transaction); plain `query` may use any.
 */
export type Db = Queryable & {
  kind: 'pglite' | 'postgres'
  session<T>(fn: (connection: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite has no lock of its own, and two processes on one folder would corrupt it (say, a second
 * `npm start`). A pid file refuses the second; one left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'server.lock')
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const pid = Number(readFileSync(file, 'utf8'))
    // Our own pid in the file is a leftover: in a container the server is pid 1 on every start.
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
      throw new Error(`another server (process ${pid}) is using it; stop it or set DATA_DIR`)
    }
    writeFileSync(file, String(process.pid))
  }
  return () => rmSync(file, { force: true })
}

async function openPglite(dataDir: string): Promise<Db> {
  // Only the server's user may read the database and its lock file.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const unlock = lockDataDir(dataDir)
  let lite: PGlite
  try {
    lite = await PGlite.create(join(dataDir, 'pglite'))
  } catch (error) {
    unlock()
    throw error
  }
  const connection: Queryable = {
    query: async <T extends Row>(sql: string, params?: unknown[]) => {
      const result = await lite.query<T>(sql, params)
      return { rows: result.rows }
    },
    exec: async (sql) => {
      await lite.exec(sql)
    },
  }
  // PGlite is one connection in this process; a session is that connection, held exclusively so
  // no other query runs inside someone else's transaction.
  let queue: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn)
    queue = run.catch(() => undefined)
    return run
  }
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => connection.query(sql, params)),
    exec: (sql) => exclusive(() => connection.exec(sql)),
    session: (fn) => exclusive(() => fn(connection)),
    close: async () => {
      await queue
      if (!lite.closed) await lite.close()
      unlock()
    },
  }
}

function openPostgres(url: string, logger: Logger): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 })
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => logger.warn({ error: error.message }, 'database connection lost'))
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T extends Row>(sql: string, params?: unknown[]) => {
      const result = await translate(client.query<T>(sql, params))
      return { rows: result.rows }
    },
    exec: async (sql) => {
      await translate(client.query(sql))
    },
  })
  return {
    kind: 'postgres',
    ...wrap(pool),
    session: async (fn) => {
      const client = await translate(pool.connect())
      // A checked-out client losing its server (PostgreSQL stopped, the backend terminated) emits
      // an error no pool listens to: caught here, and the client is destroyed, not reused.
      let lost: Error | undefined
      const onError = (error: Error) => {
        lost = error
        logger.warn({ error: error.message }, 'database connection lost')
      }
      client.on('error', onError)
      try {
        return await fn(wrap(client))
      } finally {
        client.removeListener('error', onError)
        client.release(lost)
      }
    },
    close: () => pool.end(),
  }
}

/** PostgreSQL when `DATABASE_URL` is set (several instances share it), else PGlite in `dataDir`. */
export async function openDb(
  options: { databaseUrl?: string | undefined; dataDir: string },
  logger: Logger,
): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, logger)
  return openPglite(options.dataDir)
}
