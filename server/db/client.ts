import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Logger } from '../logger'
import { queryFailure } from './errors'

export type Row = Record<string, unknown>

// Both engines' errors carry the statement's parameters (PGlite's `params`) or quote values in
// their text; what leaves here names the statement and the error code only.
async function translate<T>(work: Promise<T>, sql?: string): Promise<T> {
  try {
    return await work
  } catch (error) {
    throw queryFailure(error, sql)
  }
}

/** What queries need: parameterised statements, and a multi-statement script for migrations. */
export type Queryable = {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<void>
}

/** Connections: `session` pins one for a transaction; plain `query` may use any. */
export type Pool = Queryable & {
  session<T>(fn: (connection: Queryable) => Promise<T>): Promise<T>
}

/** Runs `fn` in one transaction on a pinned connection, rolled back if it throws. */
export function inTransaction<T>(db: Pool, fn: (connection: Queryable) => Promise<T>): Promise<T> {
  return db.session(async (connection) => {
    await connection.exec('BEGIN')
    try {
      const result = await fn(connection)
      await connection.exec('COMMIT')
      return result
    } catch (error) {
      await connection.exec('ROLLBACK').catch(() => undefined)
      throw error
    }
  })
}

/** The cheapest statement that proves the database answers (the health check's). */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1')
}

/**
 * Advisory locks held for as long as an upstream call takes, on a connection of their own: a
 * pooled connection is never held across an HTTP call, and a crashed holder's locks end with
 * its session.
 */
export type Locks = {
  /** Takes the lock if free (`pg_try_advisory_lock`); false when another session holds it. */
  tryLock(classId: number, key: string): Promise<boolean>
  unlock(classId: number, key: string): Promise<void>
}

/**
 * One small interface over both engines. The market cache has connections of its own (`market`),
 * so accounts and sessions never wait behind its refreshes.
 */
export type Db = Pool & {
  kind: 'pglite' | 'postgres'
  /** The market cache's shared rows and call budget (PostgreSQL); on PGlite the one connection. */
  market: Pool
  /** Null on PGlite: one instance, nothing to lock against. */
  locks: Locks | null
  close(): Promise<void>
}

/**
 * How an instance's `DATABASE_POOL_MAX` connections are split: one for advisory locks, and of
 * the rest the accounts keep the larger half (at least one each).
 */
export function poolSizes(max: number): { accounts: number; market: number } {
  const market = Math.max(1, Math.floor((max - 1) / 2))
  return { accounts: Math.max(1, max - 1 - market), market }
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
      const result = await translate(lite.query<T>(sql, params), sql)
      return { rows: result.rows }
    },
    exec: async (sql) => {
      await translate(lite.exec(sql), sql)
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
  const pool: Pool = {
    query: (sql, params) => exclusive(() => connection.query(sql, params)),
    exec: (sql) => exclusive(() => connection.exec(sql)),
    session: (fn) => exclusive(() => fn(connection)),
  }
  return {
    kind: 'pglite',
    ...pool,
    market: pool,
    locks: null,
    close: async () => {
      await queue
      if (!lite.closed) await lite.close()
      unlock()
    },
  }
}

/** Connections per instance unless `DATABASE_POOL_MAX` says otherwise. */
export const DEFAULT_POOL_MAX = 10

// How long a statement may wait for a connection before it fails (a 503 for accounts).
const CONNECT_TIMEOUT_MS = 5000

function postgresPool(url: string, max: number, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  })
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => logger.warn({ error: error.message }, 'database connection lost'))
  return pool
}

const wrap = (client: pg.Pool | pg.PoolClient | pg.Client): Queryable => ({
  query: async <T extends Row>(sql: string, params?: unknown[]) => {
    const result = await translate(client.query<T>(sql, params), sql)
    return { rows: result.rows }
  },
  exec: async (sql) => {
    await translate(client.query(sql), sql)
  },
})

function sessions(pool: pg.Pool, logger: Logger): Pool {
  return {
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
  }
}

/**
 * The advisory locks' connection: opened on first use, opened again after it was lost (its locks
 * went with it, as a crash's would). Its statements are a few milliseconds each, queued by `pg`.
 */
function lockConnection(url: string, logger: Logger): Locks & { close(): Promise<void> } {
  let client: Promise<pg.Client> | null = null
  const connected = () => {
    client ??= (async () => {
      const fresh = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      })
      const lost = (error?: Error) => {
        if (error) logger.warn({ error: error.message }, 'database lock connection lost')
        client = null
      }
      fresh.on('error', lost)
      fresh.on('end', () => lost())
      try {
        await translate(fresh.connect())
      } catch (error) {
        client = null
        throw error
      }
      return fresh
    })()
    return client
  }
  return {
    async tryLock(classId, key) {
      const { rows } = await wrap(await connected()).query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
        [classId, key],
      )
      return rows[0]?.locked === true
    },
    async unlock(classId, key) {
      // A lost connection took its locks with it: nothing to give back then.
      const current = await client
      if (!current) return
      await wrap(current).query('SELECT pg_advisory_unlock($1, hashtext($2))', [classId, key])
    },
    async close() {
      const current = await client?.catch(() => null)
      client = null
      await current?.end()
    },
  }
}

function openPostgres(url: string, poolMax: number, logger: Logger): Db {
  const sizes = poolSizes(poolMax)
  const accounts = postgresPool(url, sizes.accounts, logger)
  const market = postgresPool(url, sizes.market, logger)
  const locks = lockConnection(url, logger)
  return {
    kind: 'postgres',
    ...sessions(accounts, logger),
    market: sessions(market, logger),
    locks,
    close: async () => {
      await Promise.all([accounts.end(), market.end(), locks.close()])
    },
  }
}

/** PostgreSQL when `DATABASE_URL` is set (several instances share it), else PGlite in `dataDir`. */
export async function openDb(
  options: { databaseUrl?: string | undefined; dataDir: string; databasePoolMax?: number },
  logger: Logger,
): Promise<Db> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.databasePoolMax ?? DEFAULT_POOL_MAX, logger)
  }
  return openPglite(options.dataDir)
}
