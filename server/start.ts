import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { type AppDeps, createApp } from './app'
import type { Config } from './config'
import { type Db, openDb } from './db/client'
import { DatabaseUnavailableError } from './db/errors'
import { migrate } from './db/migrate'
import { createLogger, type Logger } from './logger'
import type { Clock } from './clock'
import type { FetchFn } from './market/upstream'
import { allCaches } from './market/service'
import { ManifestError } from './site/manifest'
import { loadRender, type Render } from './site/pages'

export type RunningServer = {
  url: string
  port: number
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  stop(): Promise<void>
}

export class StartError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'StartError'
  }
}

function listen(server: Server, config: Config): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'EADDRINUSE'
          ? `Port ${config.port} is already in use: stop the other process or set PORT.`
          : `Could not listen on port ${config.port}: ${error.message}`
      reject(new StartError(message, { cause: error }))
    })
    server.once('listening', () => resolve(server.address() as AddressInfo))
  })
}

function closeServer(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    // Keep-alive connections that go idle after close() would otherwise hold it open.
    const idle = setInterval(() => server.closeIdleConnections(), 100)
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs)
    server.close(() => {
      clearInterval(idle)
      clearTimeout(force)
      resolve()
    })
  })
}

/** The app on its HTTP server, over an open database; stopping leaves the database open. */
export async function serveApp(
  deps: AppDeps & { config: Config; db: Db; logger: Logger },
): Promise<RunningServer> {
  const { config, db, logger } = deps
  let created: ReturnType<typeof createApp>
  try {
    created = createApp(deps)
  } catch (error) {
    if (error instanceof ManifestError) throw new StartError(error.message, { cause: error })
    throw error
  }
  const { app, caches, coins, lists, shared, siteFiles, mailer, alerts, background } = created
  if (siteFiles === 0) {
    logger.warn(
      { clientDir: config.clientDir },
      'no built site found; pages answer 503 until `npm run build`',
    )
  }
  const server = createAdaptorServer({
    fetch: app.fetch,
    hostname: config.host,
    serverOptions: {
      // A client that trickles its headers or body is dropped: 10 s for the headers, 30 s for the
      // whole request. Node checks these only every connectionsCheckingInterval (30 s by
      // default), so a slow client would otherwise hold its connection for up to 40 s.
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 1000,
      // Node's default, said here: an idle keep-alive connection closes after 5 s.
      keepAliveTimeout: 5000,
    },
  }) as Server
  // Past this many open connections, new ones are closed at once instead of exhausting memory
  // and file descriptors.
  server.maxConnections = config.maxConnections
  const listening = listen(server, config)
  server.listen(config.port, config.host)
  const address = await listening
  // The first visitor should find data (or the sample) ready, not wait for the upstream.
  // The other currencies' lists wait for a visitor who asks: they spend from the shared budget.
  // The exchange rates once the lists have answered: on PostgreSQL every refresh holds one of the
  // instance's few refresh slots, which the lists and a first visitor's coin need more.
  void Promise.allSettled([
    caches.markets.usd.refresh(),
    caches.trending.refresh(),
    caches.global.refresh(),
  ]).then(() => caches.rates.refresh())
  void coins.ids.refresh()
  // Messages left unsent by a previous run, or queued by another instance, go out now.
  mailer.start()
  alerts.start()

  const host = config.host && !config.host.includes(':') ? config.host : 'localhost'
  const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${address.port}`
  logger.info({ url, database: db.kind, files: siteFiles }, 'listening')
  logger.info(
    { mail: mailer.destination },
    config.mail.smtpUrl
      ? 'mail is sent through SMTP_URL'
      : 'no SMTP_URL: every message is written as an .eml file in this folder',
  )

  let stopping: Promise<void> | null = null
  return {
    url,
    port: address.port,
    stop() {
      stopping ??= (async () => {
        await closeServer(server, config.shutdownTimeoutMs)
        await background.idle()
        await alerts.stop()
        await mailer.stop()
        for (const cache of allCaches(caches)) cache.close()
        coins.close()
        lists.close()
        shared.close()
      })()
      return stopping
    },
  }
}

/** Database, migrations, then the app: what index.ts runs. Stopping also closes the database. */
export async function startServer(
  config: Config,
  overrides: {
    logger?: Logger
    clock?: Clock
    fetch?: FetchFn
    render?: Render | null
    mailPollMs?: number
  } = {},
): Promise<RunningServer> {
  const logger = overrides.logger ?? createLogger(config.logLevel)
  const render =
    overrides.render !== undefined
      ? overrides.render
      : config.renderPages
        ? await loadRender(config.clientDir)
        : null
  const where = config.databaseUrl ? 'the DATABASE_URL server' : `DATA_DIR (${config.dataDir})`
  let db: Db
  try {
    db = await openDb(config, logger)
  } catch (error) {
    throw new StartError(`Could not open the database in ${where}: ${messageOf(error)}`, {
      cause: error,
    })
  }
  let served: RunningServer
  try {
    const applied = await migrate(db).catch((error: unknown) => {
      const reason =
        error instanceof DatabaseUnavailableError ? messageOf(error.cause) : messageOf(error)
      throw new StartError(`Database migration on ${where} failed: ${reason}`, { cause: error })
    })
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied')
    served = await serveApp({ config, db, logger, ...overrides, render })
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
  let stopping: Promise<void> | null = null
  return {
    ...served,
    stop() {
      stopping ??= (async () => {
        await served.stop()
        await db.close()
        logger.info('stopped')
      })()
      return stopping
    },
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
