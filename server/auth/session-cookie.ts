import { SIGNED_IN_COOKIE } from '@contract/session'
import type { Clock } from '../clock'

// Over HTTPS the `__Host-` prefix makes the browser refuse the cookie unless it is Secure, for
// Path=/ and without Domain: no subdomain and no plain-HTTP page can set or shadow it.
export const SESSION_COOKIE = 'coinvera_session'
export const HOST_SESSION_COOKIE = '__Host-coinvera_session'

/** A cookie to set, as Hono's `generateCookie` takes it (server/middleware/request-context.ts). */
export type SessionCookie = {
  name: string
  value: string
  attributes: {
    sameSite: 'Lax'
    path: '/'
    secure: boolean
    expires: Date
    maxAge: number
    httpOnly?: boolean
  }
}

export type SessionCookies = {
  /** The name of the cookie that holds the session's token. */
  readonly name: string
  /** The session cookie and its companion, for a session ending at `expiresAt`. */
  of(token: string, expiresAt: Date): SessionCookie[]
  /** Both, cleared from the browser. */
  readonly cleared: SessionCookie[]
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
  const of = (token: string, expiresAt: Date): SessionCookie[] => {
    const attributes = {
      sameSite: 'Lax',
      path: '/',
      secure,
      expires: expiresAt,
      // To the nearest second: the expiry was set a moment ago, so 7 days reads 604800, not 604799.
      maxAge: Math.max(0, Math.round((expiresAt.getTime() - clock.now()) / 1000)),
    } as const
    return [
      { name, value: token, attributes: { ...attributes, httpOnly: true } },
      { name: SIGNED_IN_COOKIE, value: token ? '1' : '', attributes },
    ]
  }
  return { name, of, cleared: of('', new Date(0)) }
}
