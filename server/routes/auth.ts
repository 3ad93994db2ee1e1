import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { validator } from 'hono/validator'
import { type GenericSchema, safeParseAsync } from 'valibot'
import { type FormError, formErrorFor, SIGN_IN_ERRORS, SIGN_UP_ERRORS } from '@contract/form-errors'
import { fieldIssues } from '@contract/api-error'
import { safeReturnPath } from '@contract/return-to'
import { SIGNED_IN_COOKIE, type SessionUser, SignInSchema } from '@contract/session'
import { ServerSignUpSchema } from '../auth/common-passwords'
import { prepareDummyHash } from '../auth/password'
import {
  checkCredentials,
  endAllSessions,
  endSession,
  type SessionDeps,
  sessionUser,
  startSession,
} from '../auth/session'
import type { SignInLimits } from '../auth/sign-in-limits'
import { signUp } from '../auth/sign-up'
import type { Clock } from '../clock'
import type { TrustProxy } from '../config'
import { type AppEnv, clientAddressOf, rateLimitKey } from '../context'
import type { AccountStore } from '../db/accounts'
import type { SessionStore } from '../db/sessions'
import { apiError } from '../errors'
import { rateLimit } from '../middleware/rate-limit'
import type { Limiter } from '../limits/rate-limiter'
import { bodyType, requestBody } from '../middleware/request-body'
import { sameOrigin } from '../middleware/same-origin'

// Over HTTPS the `__Host-` prefix makes the browser refuse the cookie unless it is Secure, for
// Path=/ and without Domain: no subdomain and no plain-HTTP page can set or shadow it.
export const SESSION_COOKIE = 'coinvera_session'
export const HOST_SESSION_COOKIE = '__Host-coinvera_session'

export type AuthDeps = {
  accounts: AccountStore
  sessions: SessionStore
  signUpLimiter: Limiter
  /** Sign-in attempts per client address, whatever the account. */
  signInLimiter: Limiter
  /** Failed sign-ins per account and address, and per account (brute force). */
  signInLimits: SignInLimits
  clock: Clock
  siteOrigin: string | undefined
  trustProxy: TrustProxy
  /** Served over HTTPS: the session cookie is `Secure` and named with the `__Host-` prefix. */
  secureCookie: boolean
}

/**
 * The body checked by its schema, whether the site's script sent it as JSON or a page without the
 * script posted it as a form: the handler reads it as `c.req.valid('json')` either way. A failure
 * is the 400 the forms show.
 */
function validBody<T extends GenericSchema>(schema: T) {
  return validator('json', async (json, c) => {
    const input = bodyType(c) === 'form' ? await c.req.parseBody() : json
    const result = await safeParseAsync(schema, input)
    if (!result.success) {
      throw apiError('validation_failed', { issues: fieldIssues(result.issues) })
    }
    return result.output
  })
}

/**
 * A form posted by a page without its script gets a page back, not JSON: 303 to the home page
 * on success (the session cookies ride along), or back to its form with an error code the page
 * shows. Nothing typed ever goes into the URL.
 */
function formReply(formPage: string, codes: readonly FormError[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (bodyType(c) !== 'form') return next()
    await next()
    // Where the visitor came from, in the form's action (`?return=`): a path on this site only.
    const back = safeReturnPath(c.req.query('return'))
    let location = back ?? '/'
    if (c.res.status >= 400) {
      const body: unknown = await c.res
        .clone()
        .json()
        .catch(() => null)
      const apiCode = body && typeof body === 'object' && 'error' in body ? String(body.error) : ''
      const search = new URLSearchParams({ error: formErrorFor(apiCode, codes) })
      if (back) search.set('return', back)
      location = `${formPage}?${search}`
    }
    c.res = new Response(null, {
      status: 303,
      headers: { Location: location, 'Cache-Control': 'no-store' },
    })
  }
}

/** The session cookie's name: over HTTPS with the `__Host-` prefix. */
const sessionCookieName = (secure: boolean) => (secure ? HOST_SESSION_COOKIE : SESSION_COOKIE)

/**
 * The signed-in user of a request, for pages and other resources: null at once without a session
 * cookie (no database query for a visitor), else the session's user or null.
 */
export function sessionOf(deps: SessionDeps & { secureCookie: boolean }) {
  const name = sessionCookieName(deps.secureCookie)
  return (c: Context): Promise<SessionUser | null> | null => {
    const token = getCookie(c, name)
    return token ? sessionUser(deps, token) : null
  }
}

export function authRoutes(deps: AuthDeps) {
  const auth = new Hono<AppEnv>()
  const sessionDeps: SessionDeps = deps
  const clientAddress = clientAddressOf(deps.trustProxy)
  const address = (c: Context<AppEnv>) => rateLimitKey(clientAddress(c))
  const sessionCookie = sessionCookieName(deps.secureCookie)
  const origin = sameOrigin({ siteOrigin: deps.siteOrigin })
  prepareDummyHash()

  // The session cookie: script-proof, sent on same-site requests and top-level navigations. Its
  // companion holds no secret; it only tells the site's script that asking who is signed in is
  // worth a request (most visitors are not, and need no request and no 401 in their console).
  const cookies = (token: string, expiresAt: Date) => {
    const options = {
      sameSite: 'Lax',
      path: '/',
      secure: deps.secureCookie,
      expires: expiresAt,
      // To the nearest second: the expiry was set a moment ago, so 7 days reads 604800, not 604799.
      maxAge: Math.max(0, Math.round((expiresAt.getTime() - deps.clock.now()) / 1000)),
    } as const
    return [
      generateCookie(sessionCookie, token, { ...options, httpOnly: true }),
      generateCookie(SIGNED_IN_COOKIE, token ? '1' : '', options),
    ]
  }
  // A sign-in rotates the session: the one the browser came with (if any) ends, so a token
  // planted in the browser or read before signing in is worth nothing afterwards.
  const signIn = async (c: Context<AppEnv>, accountId: string) => {
    const previous = getCookie(c, sessionCookie)
    if (previous) await endSession(sessionDeps, previous)
    const session = await startSession(sessionDeps, accountId)
    for (const cookie of cookies(session.token, session.expiresAt)) {
      c.header('Set-Cookie', cookie, { append: true })
    }
  }
  const CLEARED = { 'Set-Cookie': cookies('', new Date(0)) }

  // Answers about who is signed in are per visitor: never stored by a cache.
  auth.use('/session', async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })

  auth.post(
    '/',
    origin,
    formReply('/signup', SIGN_UP_ERRORS),
    rateLimit(deps.signUpLimiter, address),
    requestBody,
    validBody(ServerSignUpSchema),
    async (c) => {
      const account = await signUp(deps, c.req.valid('json'))
      if (!account) throw apiError('email_taken')
      // A new account is signed in at once.
      await signIn(c, account.id)
      c.header('Cache-Control', 'no-store')
      return c.json(account, 201)
    },
  )
  auth.all('/', () => {
    throw apiError('method_not_allowed', { headers: { Allow: 'POST' } })
  })

  auth.post(
    '/session',
    origin,
    formReply('/signin', SIGN_IN_ERRORS),
    rateLimit(deps.signInLimiter, address),
    requestBody,
    validBody(SignInSchema),
    async (c) => {
      const input = c.req.valid('json')
      const attempt = await deps.signInLimits.begin(address(c), input.username)
      if (!attempt.allowed) {
        throw apiError('rate_limited', {
          message: 'Too many failed sign-ins. Try again later.',
          headers: { 'Retry-After': String(attempt.retryAfterS) },
        })
      }
      const user = await checkCredentials(deps, input).catch(async (error: unknown) => {
        await attempt.undo().catch(() => undefined)
        throw error
      })
      if (!user) throw apiError('invalid_credentials')
      await attempt.succeeded()
      await signIn(c, user.id)
      return c.json({ user })
    },
  )
  auth.get('/session', async (c) => {
    const token = getCookie(c, sessionCookie)
    const user = token ? await sessionUser(sessionDeps, token) : null
    // An unknown or expired token is also cleared from the browser.
    if (!user) throw apiError('unauthenticated', { headers: token ? CLEARED : {} })
    return c.json({ user })
  })
  auth.delete('/session', origin, async (c) => {
    const token = getCookie(c, sessionCookie)
    if (token) await endSession(sessionDeps, token)
    c.status(204)
    for (const cookie of CLEARED['Set-Cookie']) c.header('Set-Cookie', cookie, { append: true })
    return c.body(null)
  })
  auth.all('/session', () => {
    throw apiError('method_not_allowed', { headers: { Allow: 'GET, POST, DELETE' } })
  })

  // Signs the account out everywhere: every session it has, on every device.
  auth.delete('/sessions', origin, async (c) => {
    const token = getCookie(c, sessionCookie)
    const user = token ? await sessionUser(sessionDeps, token) : null
    if (!user) throw apiError('unauthenticated', { headers: token ? CLEARED : {} })
    await endAllSessions(sessionDeps, user.id)
    c.status(204)
    for (const cookie of CLEARED['Set-Cookie']) c.header('Set-Cookie', cookie, { append: true })
    return c.body(null)
  })
  auth.all('/sessions', () => {
    throw apiError('method_not_allowed', { headers: { Allow: 'DELETE' } })
  })

  // The account menu's sign-out as a plain form, for a page without its script: `scope=everywhere`
  // ends every session of the account. Whatever the session's state, the browser ends signed
  // out, on the sign-in page that says so.
  auth.post('/sign-out', origin, requestBody, async (c) => {
    if (bodyType(c) !== 'form') throw apiError('unsupported_media_type')
    const { scope } = await c.req.parseBody()
    const token = getCookie(c, sessionCookie)
    if (token && scope === 'everywhere') {
      const user = await sessionUser(sessionDeps, token)
      if (user) await endAllSessions(sessionDeps, user.id)
    } else if (token) {
      await endSession(sessionDeps, token)
    }
    return new Response(null, {
      status: 303,
      headers: [
        ['Location', '/signin?signed_out=true'],
        ['Cache-Control', 'no-store'],
        ...CLEARED['Set-Cookie'].map((cookie): [string, string] => ['Set-Cookie', cookie]),
      ],
    })
  })
  auth.all('/sign-out', () => {
    throw apiError('method_not_allowed', { headers: { Allow: 'POST' } })
  })

  return auth
}
