import { loadConfig } from '../../../server/config'
import { createLogger } from '../../../server/logger'
import { type RunningServer, startServer } from '../../../server/start'
import { type ManualClock, manualClock } from './clock'
import { freshDataDir, removeDir } from './pglite'
import { makeSite } from './site-fixture'

export type TestServer = RunningServer & {
  clock: ManualClock
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[]
  rawLogs: string[]
  dataDir: string
  /** Stops the server and removes its database folder. */
  dispose(): Promise<void>
}

/**
 * The real server on a free loopback port, with a fresh PGlite database, a fixture site, the
 * given environment on top, and a manual clock.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; clock?: ManualClock } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await freshDataDir())
  const siteDir = makeSite()
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR: siteDir,
    LOG_LEVEL: 'info',
    // Nothing listens on port 9 (discard): the upstream fails fast unless a test sets a fake.
    MARKET_UPSTREAM_URL: 'http://127.0.0.1:9/api/v3',
    SIGNUP_RATE_LIMIT: '1000',
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...env,
  })
  const clock = options.clock ?? manualClock()
  const rawLogs: string[] = []
  const logs: Record<string, unknown>[] = []
  const logger = createLogger(config.logLevel, (line) => {
    rawLogs.push(line)
    logs.push(JSON.parse(line))
  })
  const running = await startServer(config, { logger, clock })
  return {
    ...running,
    clock,
    logs,
    rawLogs,
    dataDir,
    dispose: async () => {
      await running.stop()
      removeDir(siteDir)
      if (!options.dataDir) removeDir(dataDir)
    },
  }
}

export const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  method: 'POST',
  ...init,
  headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  body: JSON.stringify(body),
})
