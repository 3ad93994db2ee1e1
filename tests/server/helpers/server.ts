import * as v from 'valibot'
import { loadConfig } from '../../../server/config'
import { type Db, openDb } from '../../../server/db/client'
import { migrate } from '../../../server/db/migrate'
import { createLogger } from '../../../server/logger'
import { type RunningServer, serveApp, startServer } from '../../../server/start'
import { type ManualClock, manualClock } from './clock'
import { freshDataDir, removeDir } from './pglite'
import { makeSite } from './site-fixture'

export type TestServer = RunningServer & {
  clock: ManualClock
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[]
  rawLogs: string[]
  /** Stops the server and removes what it made (its site folder, its own database folder). */
  dispose(): Promise<void>
}

export type TestDb = { db: Db; dataDir: string; close(): Promise<void> }

/** A migrated PGlite database in a temporary folder, to share among a file's servers. */
export async function openTestDb(): Promise<TestDb> {
  const dataDir = await freshDataDir()
  const db = await openDb({ dataDir, databaseUrl: undefined }, createLogger('silent'))
  await migrate(db)
  return {
    db,
    dataDir,
    close: async () => {
      await db.close()
      removeDir(dataDir)
    },
  }
}

/**
 * The real server on a free loopback port, with a fixture site, the given environment on top, and
 * a manual clock. With `db` it serves over that open database (fast: no start-up of PGlite);
 * otherwise it runs the whole start-up on a fresh or given PGlite folder.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; db?: Db; clock?: ManualClock } = {},
): Promise<TestServer> {
  const needsDir = !options.db && !options.dataDir && !env.DATABASE_URL
  const ownDataDir = needsDir ? await freshDataDir() : undefined
  const dataDir = options.dataDir ?? ownDataDir ?? ''
  const siteDir = await makeSite()
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR: siteDir,
    LOG_LEVEL: 'info',
    // Nothing listens on port 9 (discard): the upstream fails fast unless a test sets a fake.
    MARKET_UPSTREAM_URL: 'http://127.0.0.1:9/api/v3',
    SIGNUP_RATE_LIMIT: '1000',
    SIGNIN_RATE_LIMIT: '100000',
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...env,
  })
  const clock = options.clock ?? manualClock()
  const rawLogs: string[] = []
  const logs: Record<string, unknown>[] = []
  const logger = createLogger(config.logLevel, {
    write: (line: string) => {
      rawLogs.push(line)
      logs.push(JSON.parse(line))
    },
  })
  const running = options.db
    ? await serveApp({ config, db: options.db, logger, clock })
    : await startServer(config, { logger, clock })
  return {
    ...running,
    clock,
    logs,
    rawLogs,
    dispose: async () => {
      await running.stop()
      removeDir(siteDir)
      if (ownDataDir) removeDir(ownDataDir)
    },
  }
}

export const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  method: 'POST',
  ...init,
  headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  body: JSON.stringify(body),
})

const BusyBodySchema = v.object({ error: v.literal('busy') })

/**
 * Sends again, after the Retry-After it was given, while the server answers 503 busy (password
 * hashing at capacity), as a patient client would; at most 30 times.
 */
export async function untilNotBusy(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await send()
    if (response.status !== 503 || attempt === 30) return response
    if (!v.is(BusyBodySchema, await response.clone().json())) return response
    await response.body?.cancel()
    const seconds = Number(response.headers.get('retry-after'))
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  }
}
