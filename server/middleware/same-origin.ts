import type { MiddlewareHandler } from 'hono'
import { apiError } from '../errors'

/**
 * Cross-site request forgery guard for JSON endpoints (Hono's `csrf` only checks form types).
 * Browsers send `Origin` on every cross-site POST; when present it must be the site's own: the
 * configured SITE_URL, or else any scheme on the host the request was addressed to.
 */
export function sameOrigin(options: { siteOrigin: string | undefined }): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('Origin')
    if (origin !== undefined && !isOwnOrigin(origin, options.siteOrigin, c.req.header('Host'))) {
      throw apiError('forbidden_origin')
    }
    await next()
  }
}

function isOwnOrigin(origin: string, siteOrigin: string | undefined, host: string | undefined) {
  if (siteOrigin) return origin === siteOrigin
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  return host !== undefined && url.host === host.toLowerCase() && url.origin === origin
}
