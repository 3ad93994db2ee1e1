import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { AppEnv } from '../context'
import type { InlineHashes } from '../site/manifest'

// CoinGecko serves coin images from these hosts; everything else the page loads is ours.
const IMAGE_HOSTS = ['https://assets.coingecko.com', 'https://coin-images.coingecko.com']

const NO_INLINE: InlineHashes = { style: [], script: [] }

/**
 * The Content-Security-Policy: only our own origin, plus the inline elements whose hashes a page
 * carries (the prerendered pages inline their CSS and a small loader). No 'unsafe-inline' anywhere.
 */
export function contentSecurityPolicy(
  connectSrc: readonly string[],
  inline: InlineHashes = NO_INLINE,
): string {
  return [
    // Fonts, the manifest and workers fall back to default-src: the same, in fewer bytes.
    "default-src 'self'",
    `script-src ${["'self'", ...inline.script].join(' ')}`,
    `style-src ${["'self'", ...inline.style].join(' ')}`,
    `img-src 'self' data: ${IMAGE_HOSTS.join(' ')}`,
    // Without other origins, connect-src would repeat default-src.
    ...(connectSrc.length > 0 ? [`connect-src ${["'self'", ...connectSrc].join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/**
 * Headers that govern a document: what it may load, who may frame it, which features it may use,
 * its browsing context. A script or a stylesheet is never rendered as a document (nosniff holds
 * it to its type), so on those they would only be bytes: about 0.45 kB on each of the five
 * scripts of `/`'s load, which its JavaScript budget counts. Everything a browser could open as a
 * page (HTML, JSON, SVG, errors) keeps them.
 */
const DOCUMENT_ONLY = [
  'Content-Security-Policy',
  'X-Frame-Options',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
]
const SUBRESOURCE_TYPE = /^text\/(javascript|css)\b/

/**
 * Hono's secure headers on every response, errors included (a script or a stylesheet without the
 * document-only ones). The two a page may set itself, its
 * Content-Security-Policy (with its inline hashes) and a stricter Referrer-Policy (a page opened
 * from an emailed link), are set here only where the route has not: asking for every header
 * (Hono's `overwrite: false`) cost 8 header lookups a response, 1–2 µs in a loop of app.fetch.
 */
export function securityHeaders(options: {
  connectSrc: readonly string[]
  /** Only behind TLS: HSTS over plain HTTP is ignored by browsers and would mislead. */
  hsts: boolean
}): MiddlewareHandler<AppEnv> {
  const policy = contentSecurityPolicy(options.connectSrc)
  const headers = secureHeaders({
    // Set below, where a page may have set its own.
    referrerPolicy: false,
    xFrameOptions: 'DENY',
    strictTransportSecurity: options.hsts ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    // For Internet Explorer and Flash only (the XSS auditor they turn off is gone from every
    // browser): bytes in every response, which the price lists' first round trip has no room for.
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    // Off, it would keep the browser from resolving the coin images' host ahead of time.
    xDnsPrefetchControl: false,
  })
  return async (c, next) => {
    await headers(c, next)
    const set = c.res.headers
    if (SUBRESOURCE_TYPE.test(set.get('Content-Type') ?? '')) {
      for (const name of DOCUMENT_ONLY) set.delete(name)
    } else if (!set.has('Content-Security-Policy')) set.set('Content-Security-Policy', policy)
    if (!set.has('Referrer-Policy')) set.set('Referrer-Policy', REFERRER_POLICY)
  }
}
