import { type Context, Hono } from 'hono'
import { DeleteAccountSchema } from '@contract/account'
import { normalizeEmail } from '@contract/email'
import { ACCOUNT_ERRORS } from '@contract/account-forms'
import { ServerChangePasswordSchema } from '../auth/common-passwords'
import {
  changePassword,
  deleteAccount,
  type RecoveryDeps,
  sendVerification,
} from '../auth/recovery'
import type { SessionDeps } from '../auth/session'
import type { SignInLimits } from '../auth/sign-in-limits'
import type { TrustProxy } from '../config'
import { type AppEnv, clientAddressOf, rateLimitKey } from '../context'
import { apiError } from '../errors'
import type { SessionUser } from '../db/sessions'
import type { Limiter } from '../limits/rate-limiter'
import { formReply, validBody } from '../middleware/form-post'
import { rateLimit } from '../middleware/rate-limit'
import { requestBody } from '../middleware/request-body'
import { sameOrigin } from '../middleware/same-origin'
import type { SessionCookies } from '../middleware/session-cookie'
import { signedInUser } from '../middleware/signed-in'

export type AccountRouteDeps = {
  recovery: RecoveryDeps
  session: SessionDeps
  cookies: SessionCookies
  /** Password checks per client address (password changes, deletions). */
  passwordChecks: Limiter
  /**
   * Wrong passwords per account, as for sign-in but counted apart: a stolen session cannot guess
   * the password, and the owner's own mistakes do not slow down their sign-in.
   */
  passwordLimits: SignInLimits
  /** Verification emails sent again, per address (3 an hour). */
  verificationEmails: Limiter
  siteOrigin: string | undefined
  trustProxy: TrustProxy
}

/** The signed-in visitor's account, under /api/account; each endpoint needs a session. */
export function accountRoutes(deps: AccountRouteDeps) {
  const account = new Hono<AppEnv>()
  const clientAddress = clientAddressOf(deps.trustProxy)
  const address = (c: Context<AppEnv>) => rateLimitKey(clientAddress(c))
  const origin = sameOrigin({ siteOrigin: deps.siteOrigin })

  const signedIn = signedInUser(deps)

  /** Runs `check` (false: a wrong password), counted like a sign-in attempt on the account. */
  const withPassword = async (
    c: Context<AppEnv>,
    user: SessionUser,
    check: () => Promise<boolean>,
  ) => {
    const attempt = await deps.passwordLimits.begin(address(c), user.email)
    if (!attempt.allowed) {
      throw apiError('rate_limited', {
        message: 'Too many wrong passwords. Try again later.',
        headers: { 'Retry-After': String(attempt.retryAfterS) },
      })
    }
    const right = await check().catch(async (error: unknown) => {
      await attempt.undo().catch(() => undefined)
      throw error
    })
    if (!right) throw apiError('invalid_password')
    await attempt.succeeded()
  }

  // The current password is required; this session stays, every other one ends.
  account.post(
    '/password',
    origin,
    formReply('/account', ACCOUNT_ERRORS, 'password_changed'),
    rateLimit(deps.passwordChecks, address),
    requestBody,
    validBody(ServerChangePasswordSchema),
    async (c) => {
      const { user, token } = await signedIn(c)
      const input = c.req.valid('json')
      await withPassword(c, user, () =>
        changePassword(deps.recovery, {
          accountId: user.id,
          currentPassword: input.currentPassword,
          password: input.password,
          keepToken: token,
        }),
      )
      return c.body(null, 204)
    },
  )

  account.post(
    '/verification-email',
    origin,
    formReply('/account', ACCOUNT_ERRORS, 'verification_sent'),
    async (c) => {
      const { user } = await signedIn(c)
      if (user.emailVerified) return c.body(null, 204)
      const sent = await deps.verificationEmails.hit(normalizeEmail(user.email))
      if (!sent.allowed) {
        throw apiError('rate_limited', {
          message: 'We sent several links already. Check your inbox, or try again later.',
          headers: { 'Retry-After': String(sent.retryAfterS) },
        })
      }
      await sendVerification(deps.recovery, user)
      return c.body(null, 202)
    },
  )

  // The account and everything that names it go at once; the browser's cookies are cleared. A
  // form cannot send DELETE, so the page's form posts to `/delete`, which does the same.
  const remove = async (c: Context<AppEnv>, password: string) => {
    const { user } = await signedIn(c)
    await withPassword(c, user, () => deleteAccount(deps.recovery, user.id, password))
    deps.cookies.clear(c)
    return c.body(null, 204)
  }
  const limited = rateLimit(deps.passwordChecks, address)
  const body = validBody(DeleteAccountSchema)
  account.delete('/', origin, limited, requestBody, body, (c) =>
    remove(c, c.req.valid('json').password),
  )
  account.post(
    '/delete',
    origin,
    formReply('/account', ACCOUNT_ERRORS, 'deleted'),
    limited,
    requestBody,
    body,
    (c) => remove(c, c.req.valid('json').password),
  )

  for (const [path, allow] of [
    ['/', 'DELETE'],
    ['/password', 'POST'],
    ['/verification-email', 'POST'],
    ['/delete', 'POST'],
  ] as const) {
    account.all(path, () => {
      throw apiError('method_not_allowed', { headers: { Allow: allow } })
    })
  }
  return account
}
