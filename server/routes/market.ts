import { type Context, Hono } from 'hono'
import type { AppEnv } from '../context'
import { apiError } from '../errors'
import type { MarketReplies, MarketReply } from '../market/replies'

function respond(c: Context<AppEnv>, reply: MarketReply): Response {
  c.set('dataSource', reply.dataSource)
  return new Response(reply.body, { status: reply.status, headers: reply.headers })
}

/**
 * Every path under the mount goes to `replies`, which knows the endpoints, their methods and
 * their queries: the Node listener answers ready replies with the same function before Hono
 * (see listener.ts), so this route sees refusals, a cold cache, and what the listener passes on.
 */
export function marketRoutes(replies: MarketReplies) {
  const market = new Hono<AppEnv>()
  market.all('*', (c): Response | Promise<Response> => {
    const url = c.req.url
    const at = url.indexOf('?')
    const answer = replies(c.req.method, c.req.path, at < 0 ? '' : url.slice(at + 1))
    if (answer.kind === 'reply') return respond(c, answer)
    if (answer.kind === 'pending') return answer.reply().then((reply) => respond(c, reply))
    throw apiError(answer.code, { message: answer.message, headers: answer.headers })
  })
  return market
}
