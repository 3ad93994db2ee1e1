import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { DataSource } from '@contract/data-meta'
import { type Clock, systemClock } from '../clock'
import type { AppEnv } from '../context'
import type { Logger } from '../logger'

declare module 'hono' {
  interface ContextVariableMap {
    /** Where a market reply's data came from, for its log line. */
    dataSource: DataSource
  }
}

// A caller's own request id is kept only if it cannot smuggle anything into our logs.
const REQUEST_ID = /^[\w.-]{1,64}$/

/** How often the count of market reads answered from memory is written at `info`. */
export const CACHE_HITS_WINDOW_MS = 60_000

/**
 * Gives every request an id (the caller's `X-Request-Id` when safe, else a new one), sends it
 * back, and writes the request's one log line. Only the path is logged: no query string, body or
 * header, so no password, token or email can end up in the logs.
 *
 * A market read answered 200 from memory (`dataSource: cache`) is logged at `debug`, and counted:
 * at `info`, one line at the end of each minute that had any says how many there were. They are
 * most of the traffic, and a line each was a fifth of their cost (cached markets under load:
 * 69–73 → 59–63 µs of CPU per request, docs/PERFORMANCE.md). Everything else (errors, upstream
 * calls, stale or sample data, pages, accounts) keeps its line at `info`.
 */
export function requestLog(logger: Logger, clock: Clock = systemClock): MiddlewareHandler<AppEnv> {
  let cacheHits = 0
  // Set by a window's first read.
  let windowStart = 0
  // Writes the window's count when it ends, whether or not another read comes after it (the
  // count of the last busy minute would otherwise wait for the next read, hours later perhaps).
  let windowEnd: ReturnType<typeof setTimeout> | undefined
  const writeCount = () => {
    clearTimeout(windowEnd)
    windowEnd = undefined
    const now = clock.now()
    logger.info(
      { requests: cacheHits, seconds: Math.round((now - windowStart) / 1000) },
      'market reads from cache',
    )
    cacheHits = 0
  }
  const countHit = () => {
    const now = clock.now()
    // A window opens with its first read: a quiet minute writes no line.
    if (cacheHits === 0) windowStart = now
    cacheHits++
    const left = windowStart + CACHE_HITS_WINDOW_MS - now
    if (left <= 0) writeCount()
    // Unref'd: a pending count never keeps the process alive.
    else windowEnd ??= setTimeout(writeCount, left).unref()
  }
  return async (c, next) => {
    const started = performance.now()
    const given = c.req.header('X-Request-Id')
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID()
    c.set('requestId', requestId)
    await next()
    // On the finished response (errors included); c.header() here would copy the whole response.
    c.res.headers.set('X-Request-Id', requestId)
    const dataSource = c.get('dataSource')
    const status = c.res.status
    const hit = dataSource === 'cache' && status === 200
    if (hit) countHit()
    const level = hit ? 'debug' : 'info'
    if (!logger.isLevelEnabled(level)) return
    logger[level](
      {
        requestId,
        method: c.req.method,
        path: c.req.path.slice(0, 200),
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        dataSource,
      },
      'request',
    )
  }
}
