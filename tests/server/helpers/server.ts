import { EventEmitter, once } from 'node:events'
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
  /**
   * The first log line from index `from` on (all of them by default) that `match` accepts: one
   * already written, else the next one written. Waits for as long as the test may run.
   */
  logged(
    match: (line: Record<string, unknown>) => boolean,
    from?: number,
  ): Promise<Record<string, unknown>>
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
    // Debug: the lines that say when a refresh or an evaluation has ended (`logged`).
    LOG_LEVEL: 'debug',
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
  const written = new EventEmitter().setMaxListeners(0)
  const logger = createLogger(config.logLevel, {
    write: (line: string) => {
      rawLogs.push(line)
      logs.push(JSON.parse(line))
      written.emit('line')
    },
  })
  const logged = async (match: (line: Record<string, unknown>) => boolean, from = 0) => {
    for (let i = from; ; i++) {
      while (i >= logs.length) await once(written, 'line')
      const line = logs[i]
      if (line && match(line)) return line
    }
  }
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
    logged,
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
    logged: (match, from) => need().logged(match, from),
    stop: () => need().stop(),
    dispose: () => need().dispose(),
  }
}

/** The line each market refresh logs as it ends, kept or failed (server/market/service.ts). */
export const REFRESH_ENDED = 'market refresh ended'

/**
 * Reads `/api/health/detail` until `done` accepts it: again after each log line `ends` names (a
 * refresh's end by default), the moments its answer can change, watched from before each read.
 */
export async function untilHealth(
  server: TestServer,
  // biome-ignore lint/suspicious/noExplicitAny: the health detail's JSON, read as the tests need
  done: (health: any) => boolean,
  ends: readonly string[] = [REFRESH_ENDED],
): Promise<void> {
  for (;;) {
    const from = server.logs.length
    if (done(await (await fetch(`${server.url}/api/health/detail`)).json())) return
    await server.logged((line) => ends.includes(String(line.msg)), from)
  }
}

export const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  method: 'POST',
  ...init,
  headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  body: JSON.stringify(body),
})

const BusyBodySchema = v.object({ error: v.literal('busy') })

// Answers other than 503 busy to `untilNotBusy`'s requests, to every server of the file (the
// hashing limit is the process's): each means a password check has ended or never needed a slot.
const answered = new EventEmitter().setMaxListeners(0)
let answers = 0

/**
 * Sends again while the server answers 503 busy (password hashing at capacity), each time once
 * another of these requests has had its answer, so its check no longer holds a slot, rather than
 * after the Retry-After second. Busy means a check was running: a request of the test's own, sent
 * through here, whose answer comes; so the wait ends, or the test times out.
 */
export async function untilNotBusy(send: () => Promise<Response>): Promise<Response> {
  for (;;) {
    const before = answers
    const response = await send()
    if (response.status !== 503 || !v.is(BusyBodySchema, await response.clone().json())) {
      answers++
      answered.emit('answer')
      return response
    }
    await response.body?.cancel()
    if (answers === before) await once(answered, 'answer')
  }
}
