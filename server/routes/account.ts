import { type Context, Hono } from 'hono'
import type { GenericSchema } from 'valibot'
import { ChangeEmailSchema, DeleteAccountSchema, EditDetailsSchema } from '@contract/account'
import { normalizeEmail } from '@contract/email'
import { ACCOUNT_ERRORS } from '@contract/account-forms'
import type { FormDone } from '@contract/form-errors'
import { accountDetails, changeDetails, requestEmailChange } from '../auth/account-details'
import { ServerChangePasswordSchema } from '../auth/common-passwords'
import {
  changePassword,
  deleteAccount,
  type RecoveryDeps,
  sendVerification,
} from '../auth/recovery'
import { signedIn } from '../auth/signed-in'
import type { SignInLimits } from '../auth/sign-in-limits'
import { type AppEnv, clientKey } from '../context'
import { apiError } from '../errors'
import type { SessionUser } from '../db/sessions'
import type { Limiter } from '../limits/rate-limiter'
import { type FormEndpoint, formReply, postForm, validBody } from '../middleware/form-post'
import { allowOnly } from '../middleware/methods'
import { rateLimit } from '../middleware/rate-limit'
import { requestBody } from '../middleware/request-body'

export type AccountRouteDeps = {
  recovery: RecoveryDeps
  /** Password checks per client address (password changes, deletions). */
  passwordChecks: Limiter
  /**
   * Wrong passwords per account, as for sign-in but counted apart: a stolen session cannot guess
   * the password, and the owner's own mistakes do not slow down their sign-in.
   */
  passwordLimits: SignInLimits
  /** Changes of name and phone number per client address. */
  detailChanges: Limiter
  /** Verification emails sent again, per address (3 an hour). */
  verificationEmails: Limiter
}

/** The signed-in visitor's account, under /api/account; each endpoint needs a session. */
export function accountRoutes(deps: AccountRouteDeps) {
  const account = new Hono<AppEnv>()

  /**
   * Runs `check` (false: a wrong password), counted like a sign-in attempt on the account, and
   * answers what it found.
   */
  const withPassword = async <T>(
    c: Context<AppEnv>,
    user: SessionUser,
    check: () => Promise<T | false>,
  ): Promise<T> => {
    const attempt = await deps.passwordLimits.begin(clientKey(c), user.email)
    if (!attempt.allowed) {
      throw apiError('rate_limited', {
        message: 'Too many wrong passwords. Try again later.',
        headers: { 'Retry-After': String(attempt.retryAfterS) },
      })
    }
    const found = await check().catch(async (error: unknown) => {
      await attempt.undo().catch(() => undefined)
      throw error
    })
    if (found === false) throw apiError('invalid_password')
    await attempt.succeeded()
    return found
  }

  // What the account page shows; per visitor, so never stored by a cache.
  account.get('/', async (c) => {
    const { user } = await signedIn(c.var.viewer)
    const details = await accountDetails(deps.recovery, user.id)
    if (!details) throw apiError('unauthenticated', { headers: c.var.viewer.cleared })
    c.header('Cache-Control', 'no-store')
    return c.json({ account: details })
  })

  // The account page's forms, each for the signed-in visitor.
  const form = <S extends GenericSchema>(
    done: FormDone,
    limit: Limiter,
    schema: S,
  ): FormEndpoint<S> => ({ page: '/account', errors: ACCOUNT_ERRORS, done, limit, schema })

  const detailsForm = form('details_saved', deps.detailChanges, EditDetailsSchema)
  postForm(account, '/details', detailsForm, async (c, input) => {
    const { user } = await signedIn(c.var.viewer)
    await changeDetails(deps.recovery, user.id, input)
    return c.body(null, 204)
  })

  // The address changes when the link mailed to the new one is opened (POST
  // /api/auth/verify-email); until then the account keeps its address. The password is asked,
  // as for every change that could hand the account to someone else.
  const emailForm = form('email_change_sent', deps.passwordChecks, ChangeEmailSchema)
  postForm(account, '/email', emailForm, async (c, input) => {
    const { user } = await signedIn(c.var.viewer)
    const outcome = await withPassword(c, user, async () => {
      const found = await requestEmailChange(deps.recovery, { accountId: user.id, ...input })
      return found === 'wrong_password' ? false : found
    })
    if (outcome === 'taken') throw apiError('email_taken')
    if (outcome === 'unchanged') {
      throw apiError('validation_failed', {
        issues: [{ field: 'email', message: 'This is your address already.' }],
      })
    }
    return c.body(null, 202)
  })

  // The current password is required; this session stays, every other one ends.
  const passwordForm = form('password_changed', deps.passwordChecks, ServerChangePasswordSchema)
  postForm(account, '/password', passwordForm, async (c, input) => {
    const { user, token } = await signedIn(c.var.viewer)
    await withPassword(c, user, () =>
      changePassword(deps.recovery, {
        accountId: user.id,
        currentPassword: input.currentPassword,
        password: input.password,
        keepToken: token,
      }),
    )
    return c.body(null, 204)
  })

  account.post(
    '/verification-email',
    formReply('/account', ACCOUNT_ERRORS, 'verification_sent'),
    async (c) => {
      const { user } = await signedIn(c.var.viewer)
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
    const { user } = await signedIn(c.var.viewer)
    await withPassword(c, user, () => deleteAccount(deps.recovery, user.id, password))
    c.var.viewer.clearCookies()
    return c.body(null, 204)
  }
  account.delete(
    '/',
    rateLimit(deps.passwordChecks),
    requestBody,
    validBody(DeleteAccountSchema),
    (c) => remove(c, c.req.valid('json').password),
  )
  const deleteForm = form('deleted', deps.passwordChecks, DeleteAccountSchema)
  postForm(account, '/delete', deleteForm, (c, input) => remove(c, input.password))

  account.all('/', allowOnly('GET', 'DELETE'))
  account.all('/verification-email', allowOnly('POST'))
  return account
}
