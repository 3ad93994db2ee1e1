import type { Logger } from './logger'

/** Work started by a request and finished after its answer, awaited when the server stops. */
export type Background = {
  run(what: string, task: () => Promise<void>): void
  /** Resolves once every task started so far has ended. */
  idle(): Promise<void>
}

export function background(logger: Logger): Background {
  const pending = new Set<Promise<void>>()
  return {
    run(what, task) {
      const running = task()
        .catch((error: unknown) => logger.error({ err: error }, `${what} failed`))
        .finally(() => pending.delete(running))
      pending.add(running)
    },
    async idle() {
      await Promise.all(pending)
    },
  }
}
