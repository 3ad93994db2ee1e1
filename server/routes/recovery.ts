import { Hono } from 'hono'
import {
  PasswordResetRequestSchema,
  RESET_REQUESTED_MESSAGE,
  VerifyEmailSchema,
} from '@contract/account'
import {
  EMAIL_TAKEN_MEANWHILE,
  FORGOT_PASSWORD_ERRORS,
  RESET_PASSWORD_ERRORS,
  VERIFY_EMAIL_ERRORS,
} from '@contract/account-forms'
import { confirmEmailChange } from '../auth/account-details'
import { ServerPasswordResetConfirmSchema } from '../auth/common-passwords'
import {
  confirmPasswordReset,
  type RecoveryDeps,
  requestPasswordReset,
  verifyEmail,
} from '../auth/recovery'
import type { Background } from '../background'
import { type AppEnv, clientKey } from '../context'
import { apiError } from '../errors'
import type { Limiter } from '../limits/rate-limiter'
import { postForm } from '../middleware/form-post'

export type RecoveryRouteDeps = {
  recovery: RecoveryDeps
  /** Reset requests per client address (`PASSWORD_RESET_RATE_LIMIT` an hour). */
  resetRequests: Limiter
  /** Tokens tried per client address (reset confirmations, email verifications). */
  tokenChecks: Limiter
  background: Background
}

/** Password recovery and email verification, under /api/auth. */
export function recoveryRoutes(deps: RecoveryRouteDeps) {
  const routes = new Hono<AppEnv>()

  // The same 202, body and time whether or not the account exists, and past either limit: the
  // lookup, the token and the message happen after the answer, which never waits on SMTP.
  const forgot = {
    page: '/forgot-password',
    errors: FORGOT_PASSWORD_ERRORS,
    done: 'sent',
    schema: PasswordResetRequestSchema,
  } as const
  postForm(routes, '/password-reset', forgot, async (c, { email }) => {
    if ((await deps.resetRequests.hit(clientKey(c))).allowed) {
      deps.background.run('password reset request', () =>
        requestPasswordReset(deps.recovery, email),
      )
    }
    c.header('Cache-Control', 'no-store')
    return c.json({ message: RESET_REQUESTED_MESSAGE }, 202)
  })

  // The visitor is not signed in afterwards: every session of the account ended, this browser's too.
  const reset = {
    page: '/reset-password',
    errors: RESET_PASSWORD_ERRORS,
    done: 'changed',
    limit: deps.tokenChecks,
    schema: ServerPasswordResetConfirmSchema,
  } as const
  postForm(routes, '/password-reset/confirm', reset, async (c, { token, password }) => {
    if (!(await confirmPasswordReset(deps.recovery, token, password))) {
      throw apiError('invalid_token')
    }
    c.var.viewer.clearCookies()
    return c.body(null, 204)
  })

  // One page for both links: sign-up's confirms the address, a change's moves to the new one.
  const verify = {
    page: '/verify-email',
    errors: VERIFY_EMAIL_ERRORS,
    done: 'verified',
    limit: deps.tokenChecks,
    schema: VerifyEmailSchema,
  } as const
  postForm(routes, '/verify-email', verify, async (c, { token }) => {
    if (await verifyEmail(deps.recovery, token)) return c.body(null, 204)
    const changed = await confirmEmailChange(deps.recovery, token)
    if (changed === 'taken') {
      throw apiError('email_taken', { message: EMAIL_TAKEN_MEANWHILE })
    }
    if (changed === 'invalid') throw apiError('invalid_token')
    return c.body(null, 204)
  })

  return routes
}
