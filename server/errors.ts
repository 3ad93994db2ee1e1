import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorBody, FieldIssue } from '@contract/api-error'
import { BusyError } from './auth/hashing-limit'
import { DatabaseUnavailableError } from './db/errors'

/** Every error code the API answers with, and its status. Codes are stable: clients switch on them. */
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
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  database_unavailable: 503,
  busy: 503,
  upstream_busy: 503,
  upstream_unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>

export type ErrorCode = keyof typeof ERROR_STATUS

// What a caller reads when we only know the status (errors thrown by Hono's own middleware).
const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  bad_request: 'The request could not be understood.',
  validation_failed: 'Some fields need attention.',
  malformed_json: 'The request body is not valid JSON.',
  invalid_query: 'This endpoint only accepts the query the site sends.',
  invalid_coin_id: 'A coin id is 1 to 100 lower-case letters, digits and hyphens.',
  invalid_token: 'This link has expired or was already used. Ask for a new one.',
  unauthenticated: 'You are not signed in.',
  invalid_credentials: 'Invalid username or password',
  forbidden_origin: 'Requests from other sites are not allowed.',
  invalid_password: 'The password is not right.',
  email_unverified: 'Confirm your email address first: alerts are sent to it.',
  not_found: 'There is nothing here.',
  unknown_coin: 'There is no coin with this id.',
  no_such_page: 'The list of coins has no such page.',
  method_not_allowed: 'This method is not allowed here.',
  email_taken: 'An account with this email address already exists.',
  too_many_alerts: 'You have 50 alerts already. Delete one to create another.',
  alert_would_fire: 'The price is already past this value: the alert would fire at once.',
  watchlist_full: 'Your watchlist holds 200 coins, the most it can. Remove one to add another.',
  payload_too_large: 'The request body is larger than 16 KiB.',
  unsupported_media_type: 'Send the body as application/json or as a form.',
  rate_limited: 'Too many requests. Try again later.',
  internal_error: 'Something went wrong on our side. Try again later.',
  service_unavailable: 'The service is temporarily unavailable. Try again later.',
  database_unavailable: 'Accounts are unavailable for a moment. Try again shortly.',
  busy: 'Coinvera is busy right now. Try again in a moment.',
  upstream_busy: 'Too many requests for market data right now. Try again shortly.',
  upstream_unavailable: 'Market data is unavailable right now. Try again shortly.',
}

type ErrorInit = {
  message?: string
  issues?: FieldIssue[]
  /** Extra headers; a list sends the header once per value (Set-Cookie). */
  headers?: Record<string, string | string[]>
}

export function errorResponse(code: ErrorCode, init: ErrorInit = {}): Response {
  // The shape the site reads back with ErrorBodySchema (src/lib/api-error.ts).
  const body: ErrorBody = { error: code, message: init.message ?? DEFAULT_MESSAGES[code] }
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
    message: init.message ?? DEFAULT_MESSAGES[code],
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
