import type { MiddlewareHandler } from 'hono'
import { apiError } from '../errors'
import type { Limiter } from '../limits/rate-limiter'

export function rateLimit(
  limiter: Pick<Limiter, 'hit'>,
  keyOf: (c: Parameters<MiddlewareHandler>[0]) => string,
): MiddlewareHandler {
  return async (c, next) => {
    const result = await limiter.hit(keyOf(c))
    if (!result.allowed) {
      throw apiError('rate_limited', { headers: { 'Retry-After': String(result.retryAfterS) } })
    }
    await next()
  }
}
