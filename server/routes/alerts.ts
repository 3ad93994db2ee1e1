import { type Context, Hono } from 'hono'
import {
  ALERT_ERRORS,
  type Alert,
  AlertDeleteLinkSchema,
  type AlertList,
  CreateAlertSchema,
  MAX_ALERTS,
} from '@contract/alerts'
import type { Currency } from '@contract/currency'
import { type AlertDeps, createAlert, deleteByLink } from '../alerts/alerts'
import type { SessionDeps } from '../auth/session'
import type { TrustProxy } from '../config'
import { type AppEnv, clientAddressOf, rateLimitKey } from '../context'
import type { AlertRow } from '../db/alerts'
import { apiError } from '../errors'
import type { Limiter } from '../limits/rate-limiter'
import { formReply, validBody } from '../middleware/form-post'
import { rateLimit } from '../middleware/rate-limit'
import { requestBody } from '../middleware/request-body'
import { sameOrigin } from '../middleware/same-origin'
import type { SessionCookies } from '../middleware/session-cookie'
import { signedInUser } from '../middleware/signed-in'

export type AlertRouteDeps = {
  alerts: AlertDeps
  session: SessionDeps
  cookies: SessionCookies
  /** Alerts created per client address and minute (`ALERTS_RATE_LIMIT`). */
  creations: Limiter
  /** Delete links tried per client address (each looks a token up). */
  linkChecks: Limiter
  siteOrigin: string | undefined
  trustProxy: TrustProxy
}

function toAlert(row: AlertRow, coinName: (id: string) => string | undefined): Alert {
  return {
    id: row.id,
    coinId: row.coinId,
    coinName: coinName(row.coinId) ?? null,
    currency: row.currency as Currency,
    direction: row.direction,
    price: row.price,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    triggered: row.triggered && { ...row.triggered, at: row.triggered.at.toISOString() },
  }
}

/** The visitor's price alerts, under /api/alerts; each endpoint but the email's link needs a session. */
export function alertRoutes(deps: AlertRouteDeps) {
  const routes = new Hono<AppEnv>()
  const clientAddress = clientAddressOf(deps.trustProxy)
  const address = (c: Context<AppEnv>) => rateLimitKey(clientAddress(c))
  const origin = sameOrigin({ siteOrigin: deps.siteOrigin })
  const signedIn = signedInUser(deps)
  // A form posted without the page's script comes back to the alerts page.
  const reply = (done: 'created' | 'deleted' | 'rearmed') =>
    formReply('/account/alerts', ALERT_ERRORS, done)

  routes.get('/', async (c) => {
    const { user } = await signedIn(c)
    const alerts = await deps.alerts.alerts.list(user.id)
    const body: AlertList = {
      alerts: alerts.map((row) => toAlert(row, deps.alerts.coinName)),
      max: MAX_ALERTS,
    }
    return c.json(body, 200, { 'Cache-Control': 'private, no-store' })
  })

  routes.post(
    '/',
    origin,
    reply('created'),
    rateLimit(deps.creations, address),
    requestBody,
    validBody(CreateAlertSchema),
    async (c) => {
      const { user } = await signedIn(c)
      const result = await createAlert(deps.alerts, user, c.req.valid('json'))
      if ('refused' in result) {
        throw apiError(
          result.refused,
          result.refused === 'alert_would_fire'
            ? {
                message: `The price is ${result.price} already: this alert would fire at once. Choose a value on the other side.`,
              }
            : {},
        )
      }
      return c.json(toAlert(result, deps.alerts.coinName), 201)
    },
  )

  // The email's one-click link: its page posts the token here. It deletes that alert only and
  // signs nobody in.
  routes.post(
    '/delete-by-link',
    origin,
    formReply('/alerts/delete', ALERT_ERRORS, 'deleted'),
    rateLimit(deps.linkChecks, address),
    requestBody,
    validBody(AlertDeleteLinkSchema),
    async (c) => {
      if (!(await deleteByLink(deps.alerts, c.req.valid('json').token))) {
        throw apiError('invalid_token', { message: 'This alert was deleted already.' })
      }
      return c.body(null, 204)
    },
  )

  const remove = async (c: Context<AppEnv>) => {
    const { user } = await signedIn(c)
    // Another visitor's alert is as absent as one that never was.
    if (!(await deps.alerts.alerts.delete(user.id, c.req.param('id') ?? ''))) {
      throw apiError('not_found', { message: 'There is no such alert.' })
    }
    return c.body(null, 204)
  }
  routes.delete('/:id', origin, remove)
  // A form cannot send DELETE: the page's form posts here.
  routes.post('/:id/delete', origin, reply('deleted'), remove)

  routes.post('/:id/rearm', origin, reply('rearmed'), async (c) => {
    const { user } = await signedIn(c)
    if (!(await deps.alerts.alerts.rearm(user.id, c.req.param('id')))) {
      throw apiError('not_found', { message: 'There is no triggered alert with this id.' })
    }
    return c.body(null, 204)
  })

  for (const [path, allow] of [
    ['/', 'GET, POST'],
    ['/delete-by-link', 'POST'],
    ['/:id', 'DELETE'],
    ['/:id/delete', 'POST'],
    ['/:id/rearm', 'POST'],
  ] as const) {
    routes.all(path, () => {
      throw apiError('method_not_allowed', { headers: { Allow: allow } })
    })
  }
  return routes
}
