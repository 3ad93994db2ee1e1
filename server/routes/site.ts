import { type Context, Hono } from 'hono'
import { SIGN_IN_ERRORS, SIGN_UP_ERRORS } from '../../src/features/auth/form-errors'
import type { AppEnv } from '../context'
import { apiError } from '../errors'
import type { InlineHashes } from '../middleware/security-headers'
import type { SiteFiles, StaticFile } from '../site/files'

/** The Content-Security-Policy of a page that carries these inline elements. */
type PolicyFor = (hashes: InlineHashes) => string

/** The site's pages; every other path is the not-found page. */
export const SITE_ROUTES = ['/', '/contact', '/crypto', '/signup', '/signin'] as const

/**
 * Pages prerendered once more for each `?error=` code their form can come back with
 * (routes/auth.ts), so that a visitor without JavaScript reads the message too.
 */
export const PAGE_ERRORS = new Map<string, readonly string[]>([
  ['/signup', SIGN_UP_ERRORS],
  ['/signin', SIGN_IN_ERRORS],
])

/** The file of a page's variant for an error code (written by scripts/prerender.ts). */
export const errorPageFile = (route: string, code: string) => `${route}/error-${code}.html`

// Vite puts content-hashed files under /assets: a changed file gets a new name, so cache forever.
function cacheControl(file: StaticFile): string {
  if (file.urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (file.type.startsWith('text/html')) return 'no-cache'
  return 'public, max-age=3600'
}

/**
 * A page's HTML: its own prerendered file when the build made one (`crypto/index.html` or
 * `crypto.html`, or the variant for a known `?error=` code), else the app shell, which renders
 * any route in the browser.
 */
function pageFile(
  files: SiteFiles,
  route: string,
  error: string | undefined,
): StaticFile | undefined {
  if (error && PAGE_ERRORS.get(route)?.includes(error)) {
    const variant = files.get(errorPageFile(route, error))
    if (variant) return variant
  }
  if (route === '/') return files.get('/index.html')
  return files.get(`${route}/index.html`) ?? files.get(`${route}.html`) ?? files.get('/index.html')
}

async function send(
  c: Context<AppEnv>,
  files: SiteFiles,
  file: StaticFile,
  status: 200 | 404,
  policyFor: PolicyFor,
) {
  const headers = new Headers({
    'Content-Type': file.type,
    'Cache-Control': cacheControl(file),
    ETag: file.etag,
  })
  // The page's inline CSS and loader, allowed by hash in its own policy.
  const hashes = file.inlineHashes
  if (hashes.style.length || hashes.script.length) {
    headers.set('Content-Security-Policy', policyFor(hashes))
  }
  if (file.compressible) headers.set('Vary', 'Accept-Encoding')
  if (status === 200 && c.req.header('If-None-Match') === file.etag) {
    return new Response(null, { status: 304, headers })
  }
  const { body, encoding } = await files.body(file, c.req.header('Accept-Encoding'))
  if (encoding !== 'identity') headers.set('Content-Encoding', encoding)
  headers.set('Content-Length', String(body.length))
  return new Response(body, { status, headers })
}

export function siteRoutes(files: SiteFiles, policyFor: PolicyFor) {
  const site = new Hono<AppEnv>()
  const routes = new Set<string>(SITE_ROUTES)

  site.get('*', async (c) => {
    const path = c.req.path
    const file = files.get(path)
    if (file) return send(c, files, file, 200, policyFor)
    // A missing hashed file is a stale chunk after a deploy: answer fast and small, never with
    // HTML the browser would try to run as a script.
    if (path.startsWith('/assets/')) throw apiError('not_found')
    if (path.length > 1 && path.endsWith('/') && routes.has(path.slice(0, -1))) {
      return c.redirect(path.slice(0, -1), 301)
    }
    const page = routes.has(path)
      ? pageFile(files, path, c.req.query('error'))
      : files.get('/404.html')
    const fallback = page ?? files.get('/index.html')
    if (!fallback) {
      throw apiError('service_unavailable', {
        message: 'The site has not been built yet: run `npm run build`.',
      })
    }
    return send(c, files, fallback, routes.has(path) ? 200 : 404, policyFor)
  })

  return site
}
