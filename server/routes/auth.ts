import { vValidator } from '@hono/valibot-validator'
import { Hono } from 'hono'
import { fieldIssues, SignUpSchema } from '../../src/features/auth/schemas'
import { signUp } from '../auth/sign-up'
import { type AppEnv, clientAddress } from '../context'
import type { AccountStore } from '../db/accounts'
import { apiError } from '../errors'
import type { Clock } from '../clock'
import { jsonBody } from '../middleware/json-body'
import { type RateLimiter, rateLimit } from '../middleware/rate-limit'
import { sameOrigin } from '../middleware/same-origin'

export type AuthDeps = {
  accounts: AccountStore
  signUpLimiter: RateLimiter
  clock: Clock
  siteOrigin: string | undefined
  trustProxy: boolean
}

export function authRoutes(deps: AuthDeps) {
  const auth = new Hono<AppEnv>()

  auth.post(
    '/',
    sameOrigin({ siteOrigin: deps.siteOrigin }),
    rateLimit(deps.signUpLimiter, (c) => clientAddress(c, deps.trustProxy)),
    jsonBody,
    vValidator('json', SignUpSchema, (result) => {
      if (!result.success) {
        throw apiError('validation_failed', { issues: fieldIssues(result.issues) })
      }
    }),
    async (c) => {
      const account = await signUp(deps, c.req.valid('json'))
      if (!account) throw apiError('email_taken')
      return c.json(account, 201)
    },
  )
  auth.all('/', () => {
    throw apiError('method_not_allowed', { headers: { Allow: 'POST' } })
  })

  return auth
}
