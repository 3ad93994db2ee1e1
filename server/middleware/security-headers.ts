import type { MiddlewareHandler } from 'hono'

// CoinGecko serves coin images from these hosts; everything else the page loads is ours.
const IMAGE_HOSTS = ['https://assets.coingecko.com', 'https://coin-images.coingecko.com']

export function contentSecurityPolicy(connectSrc: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${IMAGE_HOSTS.join(' ')}`,
    `connect-src ${["'self'", ...connectSrc].join(' ')}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Set after the handler, so error and not-found responses carry them too. */
export function securityHeaders(options: {
  connectSrc: readonly string[]
  hsts: boolean
}): MiddlewareHandler {
  const csp = contentSecurityPolicy(options.connectSrc)
  return async (c, next) => {
    await next()
    const { headers } = c.res
    headers.set('Content-Security-Policy', csp)
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    // Only behind TLS: HSTS over plain HTTP is ignored by browsers and would mislead.
    if (options.hsts)
      headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
}
