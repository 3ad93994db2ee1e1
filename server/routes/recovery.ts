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
import { formReply, validBody } from '../middleware/form-post'
import { allowOnly } from '../middleware/methods'
import { rateLimit } from '../middleware/rate-limit'
import { requestBody } from '../middleware/request-body'

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
  routes.post(
    '/password-reset',
    formReply('/forgot-password', FORGOT_PASSWORD_ERRORS, 'sent'),
    requestBody,
    validBody(PasswordResetRequestSchema),
    async (c) => {
      const { email } = c.req.valid('json')
      if ((await deps.resetRequests.hit(clientKey(c))).allowed) {
        deps.background.run('password reset request', () =>
          requestPasswordReset(deps.recovery, email),
        )
      }
      c.header('Cache-Control', 'no-store')
      return c.json({ message: RESET_REQUESTED_MESSAGE }, 202)
    },
  )
  routes.all('/password-reset', allowOnly('POST'))

  // The visitor is not signed in afterwards: every session of the account ended, this browser's too.
  routes.post(
    '/password-reset/confirm',
    formReply('/reset-password', RESET_PASSWORD_ERRORS, 'changed'),
    rateLimit(deps.tokenChecks),
    requestBody,
    validBody(ServerPasswordResetConfirmSchema),
    async (c) => {
      const { token, password } = c.req.valid('json')
      if (!(await confirmPasswordReset(deps.recovery, token, password))) {
        throw apiError('invalid_token')
      }
      c.var.viewer.clearCookies()
      return c.body(null, 204)
    },
  )
  routes.all('/password-reset/confirm', allowOnly('POST'))

  routes.post(
    '/verify-email',
    formReply('/verify-email', VERIFY_EMAIL_ERRORS, 'verified'),
    rateLimit(deps.tokenChecks),
    requestBody,
    validBody(VerifyEmailSchema),
    async (c) => {
      // One page for both links: sign-up's confirms the address, a change's moves to the new one.
      const { token } = c.req.valid('json')
      if (await verifyEmail(deps.recovery, token)) return c.body(null, 204)
      const changed = await confirmEmailChange(deps.recovery, token)
      if (changed === 'taken') {
        throw apiError('email_taken', { message: EMAIL_TAKEN_MEANWHILE })
      }
      if (changed === 'invalid') throw apiError('invalid_token')
      return c.body(null, 204)
    },
  )
  routes.all('/verify-email', allowOnly('POST'))

  return routes
}
