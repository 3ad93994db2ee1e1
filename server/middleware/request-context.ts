import type { MiddlewareHandler } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import type { SessionCookie, SessionCookies } from '../auth/session-cookie'
import { type SessionDeps, sessionUser } from '../auth/session'
import type { TrustProxy } from '../config'
import { type AppEnv, clientAddressOf, type Viewer } from '../context'
import type { SessionUser } from '../db/sessions'

/** Sets `c.var.clientAddress`, which every rate limit counts by. */
export function clientAddress(trust: TrustProxy): MiddlewareHandler<AppEnv> {
  const addressOf = clientAddressOf(trust)
  return async (c, next) => {
    c.set('clientAddress', addressOf(c))
    await next()
  }
}

/**
 * Sets `c.var.viewer`. Nothing is read here: the cookie when a handler asks for the token, the
 * database when it asks for the user (at most once), so static files and market data never pay
 * for a session.
 */
export function viewer(deps: {
  session: SessionDeps
  cookies: SessionCookies
}): MiddlewareHandler<AppEnv> {
  const { session, cookies } = deps
  const headerOf = (cookie: SessionCookie) =>
    generateCookie(cookie.name, cookie.value, cookie.attributes)
  const cleared = { 'Set-Cookie': cookies.cleared.map(headerOf) }
  return async (c, next) => {
    const append = (values: string[]) => {
      for (const value of values) c.header('Set-Cookie', value, { append: true })
    }
    let token: { value: string | undefined } | undefined
    let user: Promise<SessionUser | null> | undefined
    const readToken = () => {
      token ??= { value: getCookie(c, cookies.name) }
      return token.value
    }
    const current: Viewer = {
      get token() {
        return readToken()
      },
      user() {
        if (!user) {
          const value = readToken()
          user = value ? sessionUser(session, value) : Promise.resolve(null)
        }
        return user
      },
      setCookies: (value, expiresAt) => append(cookies.of(value, expiresAt).map(headerOf)),
      clearCookies: () => append(cleared['Set-Cookie']),
      cleared,
    }
    c.set('viewer', current)
    await next()
  }
}
