import type { Context } from 'hono'
import { type SessionDeps, sessionUser } from '../auth/session'
import type { AppEnv } from '../context'
import type { SessionUser } from '../db/sessions'
import { apiError } from '../errors'
import type { SessionCookies } from './session-cookie'

/**
 * The signed-in visitor of a request and their session's token; else a 401 (an ended session's
 * cookies are cleared).
 */
export function signedInUser(deps: { session: SessionDeps; cookies: SessionCookies }) {
  return async (c: Context<AppEnv>): Promise<{ user: SessionUser; token: string }> => {
    const token = deps.cookies.read(c)
    const user = token ? await sessionUser(deps.session, token) : null
    if (!token || !user) {
      throw apiError('unauthenticated', { headers: token ? deps.cookies.cleared : {} })
    }
    return { user, token }
  }
}
