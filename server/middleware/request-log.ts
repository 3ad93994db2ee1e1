import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import type { DataSource } from '../../src/features/market/schemas'
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
 * A request header, read from Node's own parsed headers when the app runs under Node: asking
 * Hono's request instead builds a Fetch `Headers` of every header, a real share of a cached reply.
 */
function requestHeader(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = c.env?.incoming
  if (incoming) {
    const value = incoming.headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  return c.req.header(name)
}

/**
 * One JSON line per request. Only the path is logged: no query string, no body, no headers, so
 * no password, token or email can end up in the logs.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const incoming = requestHeader(c, 'x-request-id')
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    c.set('requestId', requestId)
    // Straight onto Node's response when there is one (see security-headers.ts for why).
    const outgoing = c.env?.outgoing
    const early = Boolean(outgoing && !outgoing.headersSent)
    if (early) outgoing?.setHeader('X-Request-Id', requestId)
    await next()
    if (!early) c.res.headers.set('X-Request-Id', requestId)
    const source = c.get('dataSource')
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
