import { type Context, Hono } from 'hono'
import { SIGN_IN_ERRORS, SIGN_UP_ERRORS } from '@contract/form-errors'
import { ACCOUNT_ERRORS } from '@contract/account-forms'
import { SignInSchema } from '@contract/session'
import { ServerSignUpSchema } from '../auth/common-passwords'
import { prepareDummyHash } from '../auth/password'
import {
  checkCredentials,
  endAllSessions,
  endSession,
  type SessionDeps,
  startSession,
} from '../auth/session'
import { signedIn } from '../auth/signed-in'
import type { SignInLimits } from '../auth/sign-in-limits'
import { type RecoveryDeps, sendVerification } from '../auth/recovery'
import { signUp } from '../auth/sign-up'
import type { Clock } from '../clock'
import { type AppEnv, clientKey } from '../context'
import type { AccountStore } from '../db/accounts'
import type { SessionStore } from '../db/sessions'
import { apiError } from '../errors'
import { formReply, validBody } from '../middleware/form-post'
import { allowOnly } from '../middleware/methods'
import { rateLimit } from '../middleware/rate-limit'
import type { Limiter } from '../limits/rate-limiter'
import { bodyType, requestBody } from '../middleware/request-body'

export type AuthDeps = {
  accounts: AccountStore
  sessions: SessionStore
  signUpLimiter: Limiter
  /** Sign-in attempts per client address, whatever the account. */
  signInLimiter: Limiter
  /** Failed sign-ins per account and address, and per account (brute force). */
  signInLimits: SignInLimits
  clock: Clock
  /** Sign-up emails the new account a link to confirm its address. */
  recovery: RecoveryDeps
}

export function authRoutes(deps: AuthDeps) {
  const auth = new Hono<AppEnv>()
  const sessionDeps: SessionDeps = deps
  prepareDummyHash()

  // A sign-in rotates the session: the one the browser came with (if any) ends, so a token
  // planted in the browser or read before signing in is worth nothing afterwards.
  const signIn = async (c: Context<AppEnv>, accountId: string) => {
    const previous = c.var.viewer.token
    if (previous) await endSession(sessionDeps, previous)
    const session = await startSession(sessionDeps, accountId)
    c.var.viewer.setCookies(session.token, session.expiresAt)
  }

  // Answers about who is signed in are per visitor: never stored by a cache.
  auth.use('/session', async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })

  auth.post(
    '/',
    formReply('/signup', SIGN_UP_ERRORS),
    rateLimit(deps.signUpLimiter),
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
  auth.all('/', allowOnly('POST'))

  auth.post(
    '/session',
    formReply('/signin', SIGN_IN_ERRORS),
    rateLimit(deps.signInLimiter),
    requestBody,
    validBody(SignInSchema),
    async (c) => {
      const input = c.req.valid('json')
      const attempt = await deps.signInLimits.begin(clientKey(c), input.username)
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
  // An unknown or expired token is also cleared from the browser.
  auth.get('/session', async (c) => c.json({ user: (await signedIn(c.var.viewer)).user }))
  auth.delete('/session', async (c) => {
    const { token } = c.var.viewer
    if (token) await endSession(sessionDeps, token)
    c.var.viewer.clearCookies()
    return c.body(null, 204)
  })
  auth.all('/session', allowOnly('GET', 'POST', 'DELETE'))

  // Signs the account out everywhere: every session it has, on every device. A form cannot send
  // DELETE, so the account page's form posts to `/sessions/delete`, which does the same.
  const signOutEverywhere = async (c: Context<AppEnv>) => {
    const { user } = await signedIn(c.var.viewer)
    await endAllSessions(sessionDeps, user.id)
    c.var.viewer.clearCookies()
    return c.body(null, 204)
  }
  auth.delete('/sessions', signOutEverywhere)
  auth.all('/sessions', allowOnly('DELETE'))
  auth.post(
    '/sessions/delete',
    formReply('/account', ACCOUNT_ERRORS, 'signed_out'),
    signOutEverywhere,
  )
  auth.all('/sessions/delete', allowOnly('POST'))

  // The account menu's sign-out as a plain form, for a page without its script: `scope=everywhere`
  // ends every session of the account. Whatever the session's state, the browser ends signed
  // out, on the sign-in page that says so.
  auth.post('/sign-out', requestBody, async (c) => {
    if (bodyType(c) !== 'form') throw apiError('unsupported_media_type')
    const { scope } = await c.req.parseBody()
    const { viewer } = c.var
    const token = viewer.token
    if (token && scope === 'everywhere') {
      const user = await viewer.user()
      if (user) await endAllSessions(sessionDeps, user.id)
    } else if (token) {
      await endSession(sessionDeps, token)
    }
    viewer.clearCookies()
    c.header('Cache-Control', 'no-store')
    return c.redirect('/signin?signed_out=true', 303)
  })
  auth.all('/sign-out', allowOnly('POST'))

  return auth
}
