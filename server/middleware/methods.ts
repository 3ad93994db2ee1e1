import type { Handler } from 'hono'
import { apiError } from '../errors'

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * The answer to any other method on a path: `405 method_not_allowed` with `Allow`. Registered
 * with `.all(path, …)` after the path's own handlers.
 */
export function allowOnly(...methods: Method[]): Handler {
  const headers = { Allow: methods.join(', ') }
  return () => {
    throw apiError('method_not_allowed', { headers })
  }
}
