import { bodyLimit } from 'hono/body-limit'
import type { MiddlewareHandler } from 'hono'
import { apiError, errorResponse } from '../errors'

export const MAX_BODY_BYTES = 16 * 1024

const limit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => errorResponse('payload_too_large'),
})

/**
 * JSON bodies only: 413 past 16 KiB, 415 for another media type, 400 for malformed JSON. The
 * parsed body stays in Hono's body cache for the validator that follows.
 */
export const jsonBody: MiddlewareHandler = async (c, next) =>
  limit(c, async () => {
    const mediaType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
    if (mediaType !== 'application/json') throw apiError('unsupported_media_type')
    try {
      await c.req.json()
    } catch {
      throw apiError('malformed_json')
    }
    await next()
  })
