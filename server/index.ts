import { ConfigError, loadConfig } from './config'
import { createLogger } from './logger'
import { StartError, startServer } from './start'

// Process wiring only: configuration, start, and a clean stop on SIGTERM/SIGINT.
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.logLevel)

  let running: Awaited<ReturnType<typeof startServer>>
  try {
    running = await startServer(config, { logger })
  } catch (error) {
    if (error instanceof StartError) {
      logger.error(error.message)
      process.exit(1)
    }
    throw error
  }

  let stopping = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal means "now": skip waiting for in-flight requests.
      process.exit(1)
    }
    stopping = true
    logger.info({ signal }, 'shutting down')
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

await main()
