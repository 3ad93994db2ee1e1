import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import type { InlineHashes } from '../site/files'

// CoinGecko serves coin images from these hosts; everything else the page loads is ours.
const IMAGE_HOSTS = ['https://assets.coingecko.com', 'https://coin-images.coingecko.com']

declare module 'hono' {
  interface ContextVariableMap {
    /**
     * `'sha256-…'` sources of the inline <style> and <script> elements of the page being sent
     * (the prerendered pages carry their CSS and a small loader inline), added to `style-src`
     * and `script-src` for that response only.
     */
    inlineHashes: InlineHashes
  }
}

export function contentSecurityPolicy(
  connectSrc: readonly string[],
  inline: InlineHashes = { style: [], script: [] },
): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...inline.script].join(' ')}`,
    `style-src ${["'self'", ...inline.style].join(' ')}`,
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

export type SecurityHeaders = {
  /** What every response carries, as name/value pairs; the policy is the one without hashes. */
  readonly fixed: readonly (readonly [string, string])[]
  /** The Content-Security-Policy of a page with inline elements. */
  policyFor(hashes: InlineHashes): string
}

/** The headers of every response, built once; the middleware and listener.ts both send these. */
export function createSecurityHeaders(options: {
  connectSrc: readonly string[]
  hsts: boolean
}): SecurityHeaders {
  const csp = contentSecurityPolicy(options.connectSrc)
  const fixed: [string, string][] = [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ]
  // Only behind TLS: HSTS over plain HTTP is ignored by browsers and would mislead.
  if (options.hsts) fixed.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'])

  // A page's policy with its hashes; the build has a handful of distinct ones.
  const withInline = new Map<string, string>()
  const policyFor = (hashes: InlineHashes) => {
    const key = `${hashes.style.join(' ')}|${hashes.script.join(' ')}`
    let policy = withInline.get(key)
    if (!policy) {
      policy = contentSecurityPolicy(options.connectSrc, hashes)
      withInline.set(key, policy)
    }
    return policy
  }
  return { fixed, policyFor }
}

/**
 * On every response, error and not-found ones included. Under Node they go straight onto Node's
 * response before the handler runs (Node merges them into what the handler sends): building a
 * Fetch `Headers` per response to add them afterwards cost a cached API reply about a tenth of
 * its time. Elsewhere (`app.request()` in tests) they are set on the finished response.
 */
export function securityHeaders({ fixed, policyFor }: SecurityHeaders): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const outgoing = c.env?.outgoing
    if (outgoing && !outgoing.headersSent) {
      for (const [name, value] of fixed) outgoing.setHeader(name, value)
      await next()
      const hashes = c.get('inlineHashes')
      if (hashes && !outgoing.headersSent) {
        outgoing.setHeader('Content-Security-Policy', policyFor(hashes))
      }
      return
    }
    await next()
    const { headers } = c.res
    for (const [name, value] of fixed) headers.set(name, value)
    const hashes = c.get('inlineHashes')
    if (hashes) headers.set('Content-Security-Policy', policyFor(hashes))
  }
}
