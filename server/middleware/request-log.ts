import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import type { Logger } from '../logger'

// A caller's own request id is kept only if it cannot smuggle anything into our logs.
const REQUEST_ID = /^[\w.-]{1,64}$/

/**
 * One JSON line per request. Only the path is logged: no query string, no body, no headers, so
 * no password, token or email can end up in the logs.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const incoming = c.req.header('X-Request-Id')
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    c.set('requestId', requestId)
    await next()
    c.res.headers.set('X-Request-Id', requestId)
    const source = c.res.headers.get('X-Data-Source')
    logger.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path.slice(0, 200),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(source ? { dataSource: source } : {}),
    })
  }
}
