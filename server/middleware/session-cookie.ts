import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { SIGNED_IN_COOKIE } from '@contract/session'
import type { Clock } from '../clock'

// Over HTTPS the `__Host-` prefix makes the browser refuse the cookie unless it is Secure, for
// Path=/ and without Domain: no subdomain and no plain-HTTP page can set or shadow it.
export const SESSION_COOKIE = 'coinvera_session'
export const HOST_SESSION_COOKIE = '__Host-coinvera_session'

export type SessionCookies = {
  /** The session token the browser sent, if any. */
  read(c: Context): string | undefined
  /** Sets the session cookie and its companion on the response. */
  set(c: Context, token: string, expiresAt: Date): void
  /** The headers that clear both from the browser. */
  readonly cleared: { 'Set-Cookie': string[] }
  clear(c: Context): void
}

/**
 * The session cookie: script-proof, sent on same-site requests and top-level navigations. Its
 * companion holds no secret; it only tells the site's script that asking who is signed in is
 * worth a request (most visitors are not, and need no request and no 401 in their console).
 * `secure`: served over HTTPS, so the cookie is `Secure` and named with the `__Host-` prefix.
 */
export function sessionCookies({
  secure,
  clock,
}: {
  secure: boolean
  clock: Clock
}): SessionCookies {
  const name = secure ? HOST_SESSION_COOKIE : SESSION_COOKIE
  const cookies = (token: string, expiresAt: Date) => {
    const options = {
      sameSite: 'Lax',
      path: '/',
      secure,
      expires: expiresAt,
      // To the nearest second: the expiry was set a moment ago, so 7 days reads 604800, not 604799.
      maxAge: Math.max(0, Math.round((expiresAt.getTime() - clock.now()) / 1000)),
    } as const
    return [
      generateCookie(name, token, { ...options, httpOnly: true }),
      generateCookie(SIGNED_IN_COOKIE, token ? '1' : '', options),
    ]
  }
  const cleared = { 'Set-Cookie': cookies('', new Date(0)) }
  const append = (c: Context, values: string[]) => {
    for (const cookie of values) c.header('Set-Cookie', cookie, { append: true })
  }
  return {
    read: (c) => getCookie(c, name),
    set: (c, token, expiresAt) => append(c, cookies(token, expiresAt)),
    cleared,
    clear: (c) => append(c, cleared['Set-Cookie']),
  }
}
