import { type DefaultOptions, QueryClient } from '@tanstack/react-query'
import { ApiError } from './http'

const MAX_RETRIES = 3
const MAX_DELAY_MS = 30_000
// A 429 may ask for minutes; waiting longer than this on screen helps nobody.
const MAX_RETRY_AFTER_MS = 5 * 60_000

// The server says why it has no data and when to ask again: the page shows that, counting down,
// instead of a skeleton behind retries that may last minutes.
const SAID_WHEN = new Set(['upstream_busy', 'rate_limited', 'upstream_unavailable'])

/** Failures worth another try: no answer at all, a timeout, rate limiting, a server error. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  if (!(error instanceof ApiError)) return false
  if (error.code === 'invalid_response' || SAID_WHEN.has(error.code)) return false
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500
}

/** Exponential back-off, or exactly what the server asked for with `Retry-After`. */
export function retryDelay(attempt: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfterMs !== null) {
    return Math.min(error.retryAfterMs, MAX_RETRY_AFTER_MS)
  }
  return Math.min(1000 * 2 ** attempt, MAX_DELAY_MS)
}

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...overrides,
      queries: {
        retry: shouldRetry,
        retryDelay,
        ...overrides.queries,
      },
      mutations: {
        // A sign-up is not idempotent: never resend it behind the visitor's back.
        retry: false,
        // Sent even when the browser says it is offline, so it fails at once with a message
        // instead of waiting, paused, behind a "Signing in…" that never ends.
        networkMode: 'always',
        ...overrides.mutations,
      },
    },
  })
}
