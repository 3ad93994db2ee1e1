// Where a visitor goes back to after signing in, up or out, or after a star posted without the
// page's script: shared by the site (src/features/auth) and the server (server/routes/auth.ts,
// server/routes/watchlist.ts), so this module imports valibot only.
import * as v from 'valibot'

// Any same-origin URL parses against this base to this origin; another host or scheme does not.
const BASE = 'http://coinvera.invalid'

// Backslashes and control characters: browsers read `/\evil.com` as `//evil.com`, and strip
// tabs and newlines before parsing.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const UNSAFE = /[\\\u0000-\u001f\u007f]/

/** Pages a visitor is never sent back to: the forms themselves, and the API. */
const NO_RETURN = /^\/(?:signin|signup|api)(?:[/?#]|$)/

/**
 * A path on this site to send the visitor to (`/crypto?currency=eur`), or null: only a path
 * that starts with one `/`, never a full URL, a scheme-relative `//host`, `/\host`, nor any of
 * these percent-encoded; the sign-in and sign-up pages and the API are not returned to.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) return null
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return null
  }
  if (decoded.startsWith('//') || UNSAFE.test(decoded)) return null
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  // Checked again once dot segments are resolved: `/.//host` and `/a/..//host` become `//host`.
  if (url.origin !== BASE || !/^\/(?![/\\])/.test(url.pathname)) return null
  const path = url.pathname + url.search + url.hash
  return NO_RETURN.test(url.pathname) ? null : path
}

/** The `?return=` of the sign-in and sign-up pages: a safe path, or nothing (never an error). */
export const ReturnPathSchema = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.check((value) => safeReturnPath(value) !== null),
      v.transform((value) => safeReturnPath(value) ?? '/'),
    ),
  ),
  undefined,
)
