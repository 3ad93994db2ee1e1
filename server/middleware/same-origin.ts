import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { apiError } from '../errors'
import { bodyType } from './request-body'

/**
 * Cross-site request forgery guard for JSON endpoints and the forms the site posts (Hono's `csrf`
 * answers in plain text). Browsers say where a request comes from:
 * - `Sec-Fetch-Site`, when sent, must be `same-origin` (or `none`: the visitor's own action);
 * - `Origin`, when sent, must be the site's own: the configured SITE_URL, or else any scheme on
 *   the host the request was addressed to;
 * - a POST that is not JSON needs one of the two, whatever its content type or lack of a body: a
 *   page on another site can send one (a form, `text/plain`, multipart) without asking first, and a
 *   browser too old to send either header cannot prove where it came from. JSON, like DELETE,
 *   cannot be sent across sites without CORS, which the API never grants.
 * A page served with `Referrer-Policy: no-referrer` (one opened from an emailed link) posts its
 * form with `Origin: null`; its `Sec-Fetch-Site: same-origin`, which no page can forge, decides.
 *
 * Applied to the whole app: every method but GET, HEAD and OPTIONS is checked, on every path with
 * a handler for that method.
 */
export function sameOrigin(options: { siteOrigin: string | undefined }): MiddlewareHandler {
  return async (c, next) => {
    if (!changesState(c)) return next()
    const site = c.req.header('Sec-Fetch-Site')
    const origin = c.req.header('Origin')
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw apiError('forbidden_origin')
    }
    const opaque = origin === 'null' && site === 'same-origin'
    if (
      origin !== undefined &&
      !opaque &&
      !isOwnOrigin(origin, options.siteOrigin, c.req.header('Host'))
    ) {
      throw apiError('forbidden_origin')
    }
    const crossSiteSendable = c.req.method === 'POST' && bodyType(c) !== 'json'
    if (site === undefined && origin === undefined && crossSiteSendable) {
      throw apiError('forbidden_origin')
    }
    await next()
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether the request may change anything: an unsafe method that a handler takes by name
 * (`.post`, `.put`, `.delete`). Any other request only meets `.all` handlers, which change nothing
 * and answer 404 or 405, as they did before the check moved here.
 */
function changesState(c: Context): boolean {
  const method = c.req.method
  return !SAFE_METHODS.has(method) && matchedRoutes(c).some((route) => route.method === method)
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
