import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorBody, FieldIssue } from '@contract/api-error'
import { ERROR_MESSAGES, type ErrorCode } from '@contract/error-messages'
import { BusyError } from './auth/hashing-limit'
import { DatabaseUnavailableError } from './db/errors'

export type { ErrorCode }

/** Each error code's status. Codes are stable: clients switch on them. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  malformed_json: 400,
  invalid_query: 400,
  invalid_coin_id: 400,
  invalid_token: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden_origin: 403,
  invalid_password: 403,
  email_unverified: 403,
  not_found: 404,
  unknown_coin: 404,
  no_such_page: 404,
  method_not_allowed: 405,
  email_taken: 409,
  too_many_alerts: 409,
  alert_would_fire: 409,
  watchlist_full: 409,
  portfolio_full: 409,
  exceeds_holding: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  database_unavailable: 503,
  busy: 503,
  upstream_busy: 503,
  upstream_unavailable: 503,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>

type ErrorInit = {
  message?: string
  issues?: FieldIssue[]
  /** Extra headers; a list sends the header once per value (Set-Cookie). */
  headers?: Record<string, string | string[]>
}

export function errorResponse(code: ErrorCode, init: ErrorInit = {}): Response {
  // The shape the site reads back with ErrorBodySchema (src/lib/api-error.ts).
  const body: ErrorBody = { error: code, message: init.message ?? ERROR_MESSAGES[code] }
  if (init.issues) body.issues = init.issues
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8' })
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return new Response(JSON.stringify(body), { status: ERROR_STATUS[code], headers })
}

/** The error to throw from a handler or middleware; `app.onError` sends its JSON body as is. */
export function apiError(code: ErrorCode, init: ErrorInit = {}): HTTPException {
  return new HTTPException(ERROR_STATUS[code], {
    message: init.message ?? ERROR_MESSAGES[code],
    res: errorResponse(code, init),
  })
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'bad_request'
  for (const [code, codeStatus] of Object.entries(ERROR_STATUS)) {
    if (codeStatus === status) return code as ErrorCode
  }
  return status >= 400 && status < 500 ? 'bad_request' : 'internal_error'
}

/**
 * Turns anything thrown into a JSON error response. Our own errors keep their body; Hono's get
 * the default message for their status (their text is not ours to promise); anything else is a 500
 * whose details stay in the log.
 */
export function toErrorResponse(error: unknown): { response: Response; unexpected: boolean } {
  if (error instanceof HTTPException) {
    // apiError() builds a new Response per throw, so it can be sent as is.
    if (error.res) return { response: error.res, unexpected: false }
    return { response: errorResponse(codeForStatus(error.status)), unexpected: error.status >= 500 }
  }
  if (error instanceof DatabaseUnavailableError) {
    return {
      response: errorResponse('database_unavailable', { headers: { 'Retry-After': '5' } }),
      unexpected: true,
    }
  }
  if (error instanceof BusyError) {
    return {
      response: errorResponse('busy', {
        headers: { 'Retry-After': String(error.retryAfterS) },
      }),
      unexpected: false,
    }
  }
  return { response: errorResponse('internal_error'), unexpected: true }
}
