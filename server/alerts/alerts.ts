import { randomBytes } from 'node:crypto'
import { type CreateAlert, MAX_ALERTS } from '@contract/alerts'
import { coinPath } from '@contract/coin-id'
import { CURRENCY_NAMES, type Currency, isUpstreamCurrency } from '@contract/currency'
import type { Clock } from '../clock'
import type { AlertRow, AlertStore, Fired, Observation } from '../db/alerts'
import type { SessionUser } from '../db/sessions'
import type { Logger } from '../logger'
import { composeMail } from '../mail/compose'
import type { Mailer } from '../mail/mailer'
import { enqueueAll } from '../mail/queue'
import type { Mail } from '../mail/transport'
import { hashToken } from '../auth/session'
import type { HeldRate } from './converted'
import { crossed, step } from './crossing'

export type AlertDeps = {
  alerts: AlertStore
  mailer: Mailer
  clock: Clock
  logger: Logger
  /** Links in messages: the public origin, never a request's Host. */
  siteUrl: string
  /** Whether the coin exists (the coin ids the server keeps). */
  coinExists(id: string): Promise<boolean>
  /** The coin's name in the list the server keeps, for the alerts page (no upstream call). */
  coinName(id: string): string | undefined
  /**
   * The coin's price in this currency as the server holds it, if it does (no upstream call); in a
   * converted currency, the dollar price at the held rate.
   */
  quote(coinId: string, currency: Currency): Quote | null
}

/** Why an alert cannot be created; the routes answer each with its error code. */
export type CreateRefusal =
  | { refused: 'email_unverified' }
  | { refused: 'unknown_coin' }
  | { refused: 'too_many_alerts' }
  | { refused: 'alert_would_fire'; price: number }

export async function createAlert(
  deps: AlertDeps,
  user: SessionUser,
  input: CreateAlert,
): Promise<AlertRow | CreateRefusal> {
  if (!user.emailVerified) return { refused: 'email_unverified' }
  if (!(await deps.coinExists(input.coinId))) return { refused: 'unknown_coin' }
  const condition = { direction: input.direction, price: input.price }
  const now = deps.quote(input.coinId, input.currency)
  // It fires when a refresh shows the price past the value: already past, it would fire at once,
  // which only a visitor told so may want.
  if (now && !input.confirmed && crossed(condition, now.price))
    return { refused: 'alert_would_fire', price: now.price }
  const created = await deps.alerts.create(
    { accountId: user.id, coinId: input.coinId, currency: input.currency, ...condition },
    MAX_ALERTS,
    new Date(deps.clock.now()),
  )
  return created ?? { refused: 'too_many_alerts' }
}

/** A coin's price in one currency, with the name its email gives it. */
export type Quote = { price: number; name: string }

/** One refresh's prices in a currency, by coin id. */
export type Prices = ReadonlyMap<string, Quote>

/**
 * Applies one refresh's prices to the alerts of those coins: re-armed alerts whose price came
 * back wait again, and each waiting alert past its threshold is fired by the store's conditional
 * update, which queues its email in the same transaction. Answers how many fired here. `rate`:
 * the rate `prices` were converted from dollars at, for a currency the upstream is not asked in.
 */
export async function evaluate(
  deps: AlertDeps,
  currency: Currency,
  prices: Prices,
  at: Date,
  source: string,
  rate: HeldRate | null = null,
): Promise<number> {
  if (prices.size === 0) return 0
  const armed = await deps.alerts.due(currency, {
    coinIds: [...prices.keys()],
    prices: [...prices.values()].map((quote) => quote.price),
  })
  const back: string[] = []
  const fires: { id: string; seen: Observation; deleteTokenHash: string }[] = []
  const tokens = new Map<string, { token: string; name: string }>()
  for (const alert of armed) {
    const quote = prices.get(alert.coinId)
    if (quote === undefined) continue
    const next = step(alert, quote.price)
    if (next.state === 'waiting' && alert.state === 'rearming') back.push(alert.id)
    if (!next.fired) continue
    const token = randomBytes(32).toString('base64url')
    tokens.set(alert.id, { token, name: quote.name })
    fires.push({
      id: alert.id,
      seen: { price: quote.price, at, source, rate: rate?.perUsd ?? null },
      deleteTokenHash: hashToken(token),
    })
  }
  const fired = await deps.alerts.trigger(fires, (connection, rows) =>
    enqueueAll(
      connection,
      deps.clock,
      rows.map((row) => {
        const { token, name } = tokens.get(row.id) ?? { token: '', name: row.coinId }
        return { accountId: row.accountId, mail: alertMail({ ...row, name }, deps.siteUrl, token) }
      }),
    ),
  )
  await deps.alerts.waitAgain(back)
  if (fired > 0) {
    deps.mailer.wake()
    deps.logger.info({ currency, fired, source }, 'price alerts fired')
  }
  return fired
}

// One formatter each for every email: making one per call costs more than the rest of a firing.
const NUMBER = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 12 })
const RATE = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 6 })
const priceText = (price: number, currency: string) =>
  `${NUMBER.format(price)} ${currency.toUpperCase()}`

/** "1 USD = 83.2098 INR": the rate a converted price was made at. */
export const rateText = (perUsd: number, currency: string) =>
  `1 USD = ${RATE.format(perUsd)} ${currency.toUpperCase()}`

/** The email of a fired alert: what fired it, the coin's page, and a link that deletes it. */
export function alertMail(
  alert: Fired & { name: string },
  siteUrl: string,
  deleteToken: string,
): Mail {
  const { triggered } = alert
  const currency = alert.currency as Currency
  const condition = `${alert.direction} ${priceText(alert.price, currency)}`
  // The upstream prices only a few currencies itself: the others are the dollar's, converted.
  const prices = isUpstreamCurrency(currency)
    ? `prices in ${CURRENCY_NAMES[currency]}`
    : `prices in ${CURRENCY_NAMES[currency]}, converted from US dollars at the current exchange rate`
  const converted =
    triggered?.rate == null
      ? ''
      : `: ${priceText(triggered.price / triggered.rate, 'usd')} converted at ${rateText(triggered.rate, currency)}`
  return composeMail({
    to: alert.email,
    subject: `${alert.name} is ${condition}`,
    paragraphs: [
      `Your Coinvera alert fired: ${alert.name} went ${condition} (${prices}).`,
      triggered
        ? `The price was ${priceText(triggered.price, currency)} at ${triggered.at.toUTCString()}, from ${triggered.source}${converted}.`
        : '',
      'This alert will not email you again unless you re-arm it on your alerts page.',
    ].filter(Boolean),
    action: [
      {
        label: `See ${alert.name} on Coinvera`,
        url: `${siteUrl}${coinPath(alert.coinId)}?currency=${currency}`,
      },
      { label: 'Delete this alert', url: `${siteUrl}/alerts/delete?token=${deleteToken}` },
    ],
    footer: 'You get this because you created a price alert on Coinvera.',
  })
}

/** Deletes the alert the email's link names; false for a link unknown or already used. */
export async function deleteByLink(deps: AlertDeps, token: string): Promise<boolean> {
  return (await deps.alerts.deleteByToken(hashToken(token))) !== null
}
