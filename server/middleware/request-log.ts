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

/** The caller's `X-Request-Id` when it is safe to log, else a new one. */
export function requestIdFrom(given: string | string[] | undefined): string {
  const value = Array.isArray(given) ? given[0] : given
  return value && REQUEST_ID.test(value) ? value : randomUUID()
}

/**
 * The one log line of a request. Only the path is logged: no query string, no body, no headers,
 * so no password, token or email can end up in the logs.
 */
export function logRequest(
  logger: Logger,
  request: {
    requestId: string
    method: string
    path: string
    status: number
    /** `performance.now()` when the request arrived. */
    started: number
    dataSource?: DataSource | undefined
  },
): void {
  logger.info('request', {
    requestId: request.requestId,
    method: request.method,
    path: request.path.slice(0, 200),
    status: request.status,
    durationMs: Math.round((performance.now() - request.started) * 10) / 10,
    ...(request.dataSource ? { dataSource: request.dataSource } : {}),
  })
}

/**
 * A request header, read from Node's own parsed headers when the app runs under Node: asking
 * Hono's request instead builds a Fetch `Headers` of every header, a real share of a cached reply.
 */
function requestHeader(c: Context<AppEnv>, name: string): string | string[] | undefined {
  const incoming = c.env?.incoming
  return incoming ? incoming.headers[name] : c.req.header(name)
}

/** Sets the request id and writes the request's log line (listener.ts does the same itself). */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const requestId = requestIdFrom(requestHeader(c, 'x-request-id'))
    c.set('requestId', requestId)
    // Straight onto Node's response when there is one (see security-headers.ts for why).
    const outgoing = c.env?.outgoing
    const early = Boolean(outgoing && !outgoing.headersSent)
    if (early) outgoing?.setHeader('X-Request-Id', requestId)
    await next()
    if (!early) c.res.headers.set('X-Request-Id', requestId)
    logRequest(logger, {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      started,
      dataSource: c.get('dataSource'),
    })
  }
}
