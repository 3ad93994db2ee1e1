import type { Context, Hono, MiddlewareHandler } from 'hono'
import { validator } from 'hono/validator'
import { type GenericSchema, type InferOutput, safeParseAsync } from 'valibot'
import { fieldIssues } from '@contract/api-error'
import { type FormDone, type FormError, formErrorFor } from '@contract/form-errors'
import { safeReturnPath } from '@contract/return-to'
import type { AppEnv } from '../context'
import { apiError } from '../errors'
import type { Limiter } from '../limits/rate-limiter'
import { allowOnly } from './methods'
import { rateLimit } from './rate-limit'
import { bodyType, requestBody } from './request-body'

/**
 * The body checked by its schema, whether the site's script sent it as JSON or a page without the
 * script posted it as a form: the handler reads it as `c.req.valid('json')` either way. A failure
 * is the 400 the forms show.
 */
export function validBody<T extends GenericSchema>(schema: T) {
  return validator('json', async (json, c) => {
    const input = bodyType(c) === 'form' ? await c.req.parseBody() : json
    const result = await safeParseAsync(schema, input)
    if (!result.success) {
      throw apiError('validation_failed', { issues: fieldIssues(result.issues) })
    }
    return result.output
  })
}

/**
 * A form posted by a page without its script gets a page back, not JSON: 303 on success to its
 * page with the `done` code, or else to the path in the form's action (`?return=`, a path on this
 * site only) or `/` (cookies set by the handler ride along); or back to its form page with an
 * error code the page shows, and the same `?return=`. Nothing typed ever goes into the URL.
 */
export function formReply(
  formPage: string,
  codes: readonly FormError[],
  done?: FormDone,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (bodyType(c) !== 'form') return next()
    await next()
    const back = safeReturnPath(c.req.query('return'))
    let location = done ? `${formPage}?done=${done}` : (back ?? '/')
    if (c.res.status >= 400) {
      const body: unknown = await c.res
        .clone()
        .json()
        .catch(() => null)
      const apiCode = body && typeof body === 'object' && 'error' in body ? String(body.error) : ''
      const search = new URLSearchParams({ error: formErrorFor(apiCode, codes) })
      if (back) search.set('return', back)
      location = `${formPage}?${search}`
    }
    // Hono carries the handler's headers over, its cookies (a new or cleared session) included.
    c.res = new Response(null, {
      status: 303,
      headers: { Location: location, 'Cache-Control': 'no-store' },
    })
  }
}

/** A form's endpoint: its page, the errors that page shows, and what it says once done. */
export type FormEndpoint<S extends GenericSchema> = {
  page: string
  errors: readonly FormError[]
  done?: FormDone
  /** Counted per client before the body is read. */
  limit?: Limiter
  schema: S
}

const unlimited: MiddlewareHandler = (_c, next) => next()

/**
 * POST `path` as every form's endpoint takes it: the client's limit, a JSON or form body checked
 * by its schema, a page back for a page without the script (`formReply`), and 405 for any other
 * method. `handle` gets the checked body.
 */
export function postForm<S extends GenericSchema>(
  routes: Hono<AppEnv>,
  path: string,
  form: FormEndpoint<S>,
  handle: (c: Context<AppEnv>, input: InferOutput<S>) => Promise<Response>,
): void {
  routes.post(
    path,
    formReply(form.page, form.errors, form.done),
    form.limit ? rateLimit(form.limit) : unlimited,
    requestBody,
    validBody(form.schema),
    (c) => handle(c, c.req.valid('json')),
  )
  routes.all(path, allowOnly('POST'))
}
