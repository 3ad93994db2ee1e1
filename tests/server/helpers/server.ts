import * as v from 'valibot'
import { afterAll, beforeAll, onTestFinished } from 'vitest'
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
  /** The fixture site it serves (CLIENT_DIR unless the environment names another). */
  siteDir: string
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[]
  rawLogs: string[]
  /** Stops the server and removes what it made (its site folder, its own database folder). */
  dispose(): Promise<void>
}

export type TestDb = { db: Db; dataDir: string; close(): Promise<void> }

/** A migrated PGlite database in a temporary folder; `setUpTestDb` opens one for a test file. */
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

export type TestServerOptions = {
  /** A database from `setUpTestDb` (fast: no start-up of PGlite). */
  db?: TestDb
  /** A PGlite folder to start on, e.g. to restart on the same data. */
  dataDir?: string
  clock?: ManualClock
  /** Files added to the fixture site, such as prerendered pages. */
  site?: Record<string, string>
  /** How often the mail queue is polled (default: as in production). */
  mailPollMs?: number
}

/**
 * The real server on a free loopback port, with a fixture site, the given environment on top, and
 * a manual clock. With `db` it serves over that open database; otherwise it runs the whole
 * start-up on a fresh or given PGlite folder. The caller disposes of it: in a test, `testServer`
 * does that itself, for a whole file or describe block `setUpTestServer`.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const db = options.db?.db
  const needsDir = !db && !options.dataDir && !env.DATABASE_URL
  const ownDataDir = needsDir ? await freshDataDir() : undefined
  const dataDir = options.dataDir ?? ownDataDir ?? ''
  const siteDir = await makeSite(options.site)
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
  const { mailPollMs } = options
  const running = await (db
    ? serveApp({ config, db, logger, clock, mailPollMs })
    : startServer(config, { logger, clock, mailPollMs })
  ).catch((error: unknown) => {
    removeDir(siteDir)
    if (ownDataDir) removeDir(ownDataDir)
    throw error
  })
  return {
    ...running,
    clock,
    siteDir,
    logs,
    rawLogs,
    dispose: async () => {
      await running.stop()
      removeDir(siteDir)
      if (ownDataDir) removeDir(ownDataDir)
    },
  }
}

/** A server for the running test only: disposed when the test ends, passed or failed. */
export async function testServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const server = await startTestServer(env, options)
  onTestFinished(() => server.dispose())
  return server
}

const notReady = (what: string): never => {
  throw new Error(`${what} did not start; see the beforeAll error`)
}

/**
 * One migrated database for the file (or describe block) it is called in: opened in beforeAll,
 * closed and removed in afterAll. Its servers share it; each test writes its own rows.
 */
export function setUpTestDb(): TestDb {
  let testDb: TestDb | undefined
  beforeAll(async () => {
    testDb = await openTestDb()
  })
  afterAll(async () => {
    await testDb?.close()
  })
  const need = () => testDb ?? notReady('the test database')
  return {
    get db() {
      return need().db
    },
    get dataDir() {
      return need().dataDir
    },
    close: () => need().close(),
  }
}

/**
 * One server for the file (or describe block) it is called in, started in beforeAll with `env` on
 * top of the test defaults and disposed of in afterAll, even when tests fail.
 */
export function setUpTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): TestServer {
  let server: TestServer | undefined
  beforeAll(async () => {
    server = await startTestServer(env, options)
  })
  afterAll(async () => {
    await server?.dispose()
  })
  const need = () => server ?? notReady('the test server')
  return {
    get url() {
      return need().url
    },
    get port() {
      return need().port
    },
    get clock() {
      return need().clock
    },
    get siteDir() {
      return need().siteDir
    },
    get logs() {
      return need().logs
    },
    get rawLogs() {
      return need().rawLogs
    },
    stop: () => need().stop(),
    dispose: () => need().dispose(),
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
