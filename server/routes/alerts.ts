import { type Context, Hono } from 'hono'
import {
  ALERT_ERRORS,
  type Alert,
  AlertDeleteLinkSchema,
  type AlertList,
  CreateAlertSchema,
  MAX_ALERTS,
} from '@contract/alerts'
import { type Currency, isUpstreamCurrency } from '@contract/currency'
import { type AlertDeps, createAlert, deleteByLink } from '../alerts/alerts'
import { signedIn } from '../auth/signed-in'
import type { AppEnv } from '../context'
import type { AlertRow } from '../db/alerts'
import { apiError } from '../errors'
import type { Limiter } from '../limits/rate-limiter'
import { formReply, validBody } from '../middleware/form-post'
import { allowOnly } from '../middleware/methods'
import { rateLimit } from '../middleware/rate-limit'
import { requestBody } from '../middleware/request-body'

export type AlertRouteDeps = {
  alerts: AlertDeps
  /** Alerts created per client address and minute (`ALERTS_RATE_LIMIT`). */
  creations: Limiter
  /** Delete links tried per client address (each looks a token up). */
  linkChecks: Limiter
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

/** Says the price the alert is past (without a float's tail), and that it was converted when it was. */
function wouldFireMessage(price: number, currency: Currency): string {
  const converted = isUpstreamCurrency(currency)
    ? ''
    : ', converted from US dollars at the current exchange rate'
  return `The price is ${Number(price.toPrecision(12))} ${currency.toUpperCase()} already${converted}: this alert would fire at once. Choose a value on the other side.`
}

/** The visitor's price alerts, under /api/alerts; each endpoint but the email's link needs a session. */
export function alertRoutes(deps: AlertRouteDeps) {
  const routes = new Hono<AppEnv>()
  // A form posted without the page's script comes back to the alerts page.
  const reply = (done: 'created' | 'deleted' | 'rearmed') =>
    formReply('/account/alerts', ALERT_ERRORS, done)

  routes.get('/', async (c) => {
    const { user } = await signedIn(c.var.viewer)
    const alerts = await deps.alerts.alerts.list(user.id)
    const body: AlertList = {
      alerts: alerts.map((row) => toAlert(row, deps.alerts.coinName)),
      max: MAX_ALERTS,
    }
    return c.json(body, 200, { 'Cache-Control': 'private, no-store' })
  })

  routes.post(
    '/',
    reply('created'),
    rateLimit(deps.creations),
    requestBody,
    validBody(CreateAlertSchema),
    async (c) => {
      const { user } = await signedIn(c.var.viewer)
      const result = await createAlert(deps.alerts, user, c.req.valid('json'))
      if ('refused' in result) {
        throw apiError(
          result.refused,
          result.refused === 'alert_would_fire'
            ? { message: wouldFireMessage(result.price, c.req.valid('json').currency) }
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
    formReply('/alerts/delete', ALERT_ERRORS, 'deleted'),
    rateLimit(deps.linkChecks),
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
    const { user } = await signedIn(c.var.viewer)
    // Another visitor's alert is as absent as one that never was.
    if (!(await deps.alerts.alerts.delete(user.id, c.req.param('id') ?? ''))) {
      throw apiError('not_found', { message: 'There is no such alert.' })
    }
    return c.body(null, 204)
  }
  routes.delete('/:id', remove)
  // A form cannot send DELETE: the page's form posts here.
  routes.post('/:id/delete', reply('deleted'), remove)

  routes.post('/:id/rearm', reply('rearmed'), async (c) => {
    const { user } = await signedIn(c.var.viewer)
    if (!(await deps.alerts.alerts.rearm(user.id, c.req.param('id')))) {
      throw apiError('not_found', { message: 'There is no triggered alert with this id.' })
    }
    return c.body(null, 204)
  })

  // In this order: `/:id` would answer for `/delete-by-link` too.
  routes.all('/', allowOnly('GET', 'POST'))
  routes.all('/delete-by-link', allowOnly('POST'))
  routes.all('/:id', allowOnly('DELETE'))
  routes.all('/:id/delete', allowOnly('POST'))
  routes.all('/:id/rearm', allowOnly('POST'))
  return routes
}
