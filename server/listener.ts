import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Logger } from './logger'
import {
  MARKET_PREFIX,
  type MarketAnswer,
  type MarketReplies,
  type MarketReply,
} from './market/replies'
import { logRequest, requestIdFrom } from './middleware/request-log'
import type { SecurityHeaders } from './middleware/security-headers'

type FetchCallback = Parameters<typeof getRequestListener>[0]

export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void

/**
 * The server's request listener. A market request whose reply is ready (the cache holds data and
 * the query is the site's) is answered here, straight onto Node's response, with the headers
 * and log line every reply gets (from the same functions the middleware uses); everything else,
 * including refusals and a cold cache, goes to the Hono app, which asks the same `replies`.
 * Skipping Hono's request object, router and middleware chain roughly halves the CPU time of the
 * most requested reply (docs/PERFORMANCE.md).
 */
export function nodeListener(deps: {
  fetch: FetchCallback
  hostname?: string | undefined
  replies: MarketReplies
  security: SecurityHeaders
  logger: Logger
}): NodeListener {
  const { replies, logger } = deps
  const app = getRequestListener(deps.fetch, { hostname: deps.hostname })
  const security = deps.security.fixed.flat()
  // Name, value, name, value… as Node's writeHead takes them, built once per reply object.
  const heads = new WeakMap<MarketReply, string[]>()
  const headOf = (reply: MarketReply) => {
    let head = heads.get(reply)
    if (!head) {
      head = [...security, ...Object.entries(reply.headers).flat()]
      heads.set(reply, head)
    }
    return head
  }
  const marketPaths = `${MARKET_PREFIX}/`

  return (incoming, outgoing) => {
    const url = incoming.url ?? ''
    if (url.startsWith(marketPaths)) {
      const started = performance.now()
      const method = incoming.method ?? ''
      const at = url.indexOf('?')
      const path = at < 0 ? url : url.slice(0, at)
      let answer: MarketAnswer | undefined
      try {
        answer = replies(method, path, at < 0 ? '' : url.slice(at + 1))
      } catch {
        // The app asks again and answers the error as every other one (JSON, logged).
      }
      if (answer?.kind === 'reply') {
        const requestId = requestIdFrom(incoming.headers['x-request-id'])
        outgoing.writeHead(answer.status, headOf(answer).concat('X-Request-Id', requestId))
        // Node leaves the body out of a HEAD reply by itself.
        outgoing.end(answer.body)
        logRequest(logger, {
          requestId,
          method,
          path,
          status: answer.status,
          started,
          dataSource: answer.dataSource,
        })
        return
      }
    }
    void app(incoming, outgoing)
  }
}
