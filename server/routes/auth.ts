import { type Context, Hono } from 'hono'
import { SIGN_IN_ERRORS, SIGN_UP_ERRORS } from '@contract/form-errors'
import { ACCOUNT_ERRORS } from '@contract/account-forms'
import { type SessionUser, SignInSchema } from '@contract/session'
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
import { type RecoveryDeps, sendVerification } from '../auth/recovery'
import { signUp } from '../auth/sign-up'
import type { Clock } from '../clock'
import type { TrustProxy } from '../config'
import { type AppEnv, clientAddressOf, rateLimitKey } from '../context'
import type { AccountStore } from '../db/accounts'
import type { SessionStore } from '../db/sessions'
import { apiError } from '../errors'
import { formReply, validBody } from '../middleware/form-post'
import { rateLimit } from '../middleware/rate-limit'
import type { Limiter } from '../limits/rate-limiter'
import { bodyType, requestBody } from '../middleware/request-body'
import { sameOrigin } from '../middleware/same-origin'
import type { SessionCookies } from '../middleware/session-cookie'

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
  cookies: SessionCookies
  /** Sign-up emails the new account a link to confirm its address. */
  recovery: RecoveryDeps
}

/**
 * The signed-in user of a request, for pages and other resources: null at once without a session
 * cookie (no database query for a visitor), else the session's user or null.
 */
export function sessionOf(deps: SessionDeps & { cookies: SessionCookies }) {
  return (c: Context): Promise<SessionUser | null> | null => {
    const token = deps.cookies.read(c)
    return token ? sessionUser(deps, token) : null
  }
}

export function authRoutes(deps: AuthDeps) {
  const auth = new Hono<AppEnv>()
  const sessionDeps: SessionDeps = deps
  const clientAddress = clientAddressOf(deps.trustProxy)
  const address = (c: Context<AppEnv>) => rateLimitKey(clientAddress(c))
  const { cookies } = deps
  const origin = sameOrigin({ siteOrigin: deps.siteOrigin })
  prepareDummyHash()

  // A sign-in rotates the session: the one the browser came with (if any) ends, so a token
  // planted in the browser or read before signing in is worth nothing afterwards.
  const signIn = async (c: Context<AppEnv>, accountId: string) => {
    const previous = cookies.read(c)
    if (previous) await endSession(sessionDeps, previous)
    const session = await startSession(sessionDeps, accountId)
    cookies.set(c, session.token, session.expiresAt)
  }

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
      // A new account is signed in at once, and asked to confirm its address.
      await signIn(c, account.id)
      await sendVerification(deps.recovery, account)
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
    const token = cookies.read(c)
    const user = token ? await sessionUser(sessionDeps, token) : null
    // An unknown or expired token is also cleared from the browser.
    if (!user) throw apiError('unauthenticated', { headers: token ? cookies.cleared : {} })
    return c.json({ user })
  })
  auth.delete('/session', origin, async (c) => {
    const token = cookies.read(c)
    if (token) await endSession(sessionDeps, token)
    cookies.clear(c)
    return c.body(null, 204)
  })
  auth.all('/session', () => {
    throw apiError('method_not_allowed', { headers: { Allow: 'GET, POST, DELETE' } })
  })

  // Signs the account out everywhere: every session it has, on every device. A form cannot send
  // DELETE, so the account page's form posts to `/sessions/delete`, which does the same.
  const signOutEverywhere = async (c: Context<AppEnv>) => {
    const token = cookies.read(c)
    const user = token ? await sessionUser(sessionDeps, token) : null
    if (!user) throw apiError('unauthenticated', { headers: token ? cookies.cleared : {} })
    await endAllSessions(sessionDeps, user.id)
    cookies.clear(c)
    return c.body(null, 204)
  }
  auth.delete('/sessions', origin, signOutEverywhere)
  auth.all('/sessions', () => {
    throw apiError('method_not_allowed', { headers: { Allow: 'DELETE' } })
  })
  auth.post(
    '/sessions/delete',
    origin,
    formReply('/account', ACCOUNT_ERRORS, 'signed_out'),
    signOutEverywhere,
  )
  auth.all('/sessions/delete', () => {
    throw apiError('method_not_allowed', { headers: { Allow: 'POST' } })
  })

  // The account menu's sign-out as a plain form, for a page without its script: `scope=everywhere`
  // ends every session of the account. Whatever the session's state, the browser ends signed
  // out, on the sign-in page that says so.
  auth.post('/sign-out', origin, requestBody, async (c) => {
    if (bodyType(c) !== 'form') throw apiError('unsupported_media_type')
    const { scope } = await c.req.parseBody()
    const token = cookies.read(c)
    if (token && scope === 'everywhere') {
      const user = await sessionUser(sessionDeps, token)
      if (user) await endAllSessions(sessionDeps, user.id)
    } else if (token) {
      await endSession(sessionDeps, token)
    }
    cookies.clear(c)
    c.header('Cache-Control', 'no-store')
    return c.redirect('/signin?signed_out=true', 303)
  })
  auth.all('/sign-out', () => {
    throw apiError('method_not_allowed', { headers: { Allow: 'POST' } })
  })

  return auth
}
