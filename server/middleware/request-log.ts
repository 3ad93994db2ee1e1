import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { DataSource } from '@contract/data-meta'
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

/**
 * Gives every request an id (the caller's `X-Request-Id` when safe, else a new one), sends it
 * back, and writes the request's one log line. Only the path is logged: no query string, body or
 * header, so no password, token or email can end up in the logs.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const given = c.req.header('X-Request-Id')
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID()
    c.set('requestId', requestId)
    await next()
    // On the finished response (errors included); c.header() here would copy the whole response.
    c.res.headers.set('X-Request-Id', requestId)
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path.slice(0, 200),
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        dataSource: c.get('dataSource'),
      },
      'request',
    )
  }
}
