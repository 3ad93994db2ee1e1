import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError, errorResponse } from '../errors'

export const MAX_BODY_BYTES = 16 * 1024

const limit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => errorResponse('payload_too_large'),
})

/** What a body may be: JSON from the site's script, or a form a page posted without it. */
export type BodyType = 'json' | 'form'

export function bodyType(c: Context): BodyType | null {
  const mediaType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  if (mediaType === 'application/json') return 'json'
  if (mediaType === 'application/x-www-form-urlencoded') return 'form'
  return null
}

/**
 * JSON or form bodies only: 413 past 16 KiB, 415 for another media type, 400 for malformed JSON.
 * A parsed JSON body stays in Hono's body cache for the validator that follows.
 */
export const requestBody: MiddlewareHandler = async (c, next) =>
  limit(c, async () => {
    const type = bodyType(c)
    if (!type) throw apiError('unsupported_media_type')
    if (type === 'json') {
      try {
        await c.req.json()
      } catch {
        throw apiError('malformed_json')
      }
    }
    await next()
  })
