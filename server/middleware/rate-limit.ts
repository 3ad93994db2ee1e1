import type { MiddlewareHandler } from 'hono'
import { type AppEnv, clientKey } from '../context'
import { apiError } from '../errors'
import type { Limiter } from '../limits/rate-limiter'

/** A limit counted per client: its address, as app.ts's middleware found it. */
export function rateLimit(limiter: Pick<Limiter, 'hit'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await limiter.hit(clientKey(c))
    if (!result.allowed) {
      throw apiError('rate_limited', { headers: { 'Retry-After': String(result.retryAfterS) } })
    }
    await next()
  }
}
