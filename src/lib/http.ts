import ky, { HTTPError, type KyInstance, type Options, TimeoutError } from 'ky'
import * as v from 'valibot'
import { ErrorBodySchema, type FieldIssue, parseRetryAfter } from '@contract/api-error'
import { env } from './env'

// Retries belong to TanStack Query (lib/query-client.ts), so ky never retries on its own.
const defaults: Options = { retry: 0, timeout: 15_000 }

/** Market data: our server's cache by default, or CoinGecko itself (same paths). */
export const marketApi = ky.create({ ...defaults, prefixUrl: env.marketApiUrl })

/** Our own API (sign-up, sessions). */
export const api = ky.create({ ...defaults, prefixUrl: env.apiUrl, credentials: 'same-origin' })

/** Every failed request surfaces as this one error type, whatever went wrong. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly issues: FieldIssue[]
  readonly retryAfterMs: number | null

  constructor(init: {
    status: number
    code: string
    message: string
    issues?: FieldIssue[]
    retryAfterMs?: number | null
  }) {
    super(init.message)
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.issues = init.issues ?? []
    this.retryAfterMs = init.retryAfterMs ?? null
  }
}

export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error
  if (error instanceof HTTPError) {
    const { status, headers } = error.response
    const retryAfterMs = parseRetryAfter(headers.get('Retry-After'))
    const body = await error.response.json().catch(() => null)
    const parsed = v.safeParse(ErrorBodySchema, body)
    if (parsed.success) {
      return new ApiError({ status, retryAfterMs, code: parsed.output.error, ...parsed.output })
    }
    return new ApiError({
      status,
      retryAfterMs,
      code: 'http_error',
      message: `The server answered ${status}.`,
    })
  }
  if (error instanceof TimeoutError) {
    return new ApiError({
      status: 0,
      code: 'timeout',
      message: 'The server took too long to answer.',
    })
  }
  if (error instanceof DOMException && error.name === 'AbortError') {
    throw error
  }
  if (error instanceof SyntaxError) {
    return new ApiError({
      status: 0,
      code: 'invalid_response',
      message: 'The server sent invalid JSON.',
    })
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return new ApiError({ status: 0, code: 'offline', message: 'The browser is offline.' })
  }
  return new ApiError({ status: 0, code: 'network_error', message: 'Could not reach the server.' })
}

/** One JSON request: the body comes back unparsed (`unknown`) for a schema to check. */
export async function requestJson(
  client: KyInstance,
  path: string,
  options: Options = {},
): Promise<{ body: unknown; headers: Headers }> {
  try {
    const response = await client(path, options)
    return { body: await response.json(), headers: response.headers }
  } catch (error) {
    throw await toApiError(error)
  }
}

/**
 * A request to our API whose answer has no body to read (202, 204): every mutation without an
 * answer to parse goes through here, so it worked or it throws an `ApiError`.
 */
export async function send(path: string, options: Options): Promise<void> {
  try {
    await api(path, options)
  } catch (error) {
    throw await toApiError(error)
  }
}

/** What only a signed-in visitor has: the answer checked with `schema`, or null for a 401. */
export async function requestSignedIn<S extends v.GenericSchema>(
  path: string,
  schema: S,
): Promise<v.InferOutput<S> | null> {
  try {
    const { body } = await requestJson(api, path)
    return parseResponse(schema, body)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** Checks network data against its schema; a wrong shape is an error, never a crash later. */
export function parseResponse<S extends v.GenericSchema>(
  schema: S,
  body: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, body)
  if (!result.success) {
    throw new ApiError({
      status: 0,
      code: 'invalid_response',
      message: `The server sent data in an unexpected shape (${v.summarize(result.issues)}).`,
    })
  }
  return result.output
}
