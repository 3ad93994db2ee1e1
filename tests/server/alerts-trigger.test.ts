import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlertSchema } from '@contract/alerts'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { type CapturedMail, linkIn, type SmtpSink, startSmtpSink, tokenIn } from '../support/smtp'
import {
  alertsOf,
  createAlert,
  movingBitcoin,
  refreshPriceList,
  START_PRICE,
  verifiedVisitor,
} from './helpers/alerts'
import {
  json,
  REFRESH_ENDED,
  setUpTestDb,
  setUpTestServer,
  startTestServer,
} from './helpers/server'

// Alerts fired by the price list's refreshes (the fake CoinGecko's bitcoin price moves), each
// email caught by a real SMTP server and read as the visitor would.

const SITE_URL = 'https://coinvera.test'

let smtp: SmtpSink
let upstream: FakeUpstream
let btc = START_PRICE
beforeAll(async () => {
  smtp = await startSmtpSink()
  upstream = await startFakeUpstream()
  movingBitcoin(upstream, () => btc)
})
afterAll(async () => {
  await smtp?.stop()
  await upstream?.close()
})

const testDb = setUpTestDb()
const env = {
  SITE_URL,
  get SMTP_URL() {
    return smtp.url
  },
  get MARKET_UPSTREAM_URL() {
    return upstream.url
  },
}
const server = setUpTestServer(env, { db: testDb, mailPollMs: 20 })

const visitor = (email: string) => verifiedVisitor(server, smtp, email)
const create = (cookie: string, body: Record<string, unknown>) => createAlert(server, cookie, body)
const refreshWith = (price: number) => {
  btc = price
  return refreshPriceList(server)
}
/** Mail to `email` but the verification. */
const alertMails = (email: string): CapturedMail[] =>
  smtp.messages.filter((m) => m.to === email && !m.subject.startsWith('Confirm'))

describe('alerts fired by refreshes', () => {
  it('refuses an alert that would fire at once, saying the price it is past', async () => {
    await refreshWith(START_PRICE)
    const cookie = await visitor('at-once@example.com')
    const response = await create(cookie, { direction: 'above', price: START_PRICE - 1000 })
    expect(response.status).toBe(409)
    const body = await response.json()
    expect(body.error).toBe('alert_would_fire')
    expect(body.message).toContain('97412')
    expect((await create(cookie, { direction: 'below', price: START_PRICE - 1000 })).status).toBe(
      201,
    )
  })

  it('creates one true already when the visitor was asked and said yes, and it fires at the next refresh', async () => {
    await refreshWith(START_PRICE)
    const email = 'said-yes@example.com'
    const cookie = await visitor(email)
    const response = await create(cookie, {
      direction: 'below',
      price: START_PRICE + 1000,
      confirmed: true,
    })
    expect(response.status).toBe(201)
    expect((await response.json()).state).toBe('waiting')
    await refreshWith(START_PRICE)
    await expect.poll(() => alertMails(email).length).toBe(1)
  })

  it('fires once when a refresh crosses the value, with a link to the coin and one to delete it', async () => {
    await refreshWith(START_PRICE)
    const email = 'fires@example.com'
    const cookie = await visitor(email)
    const alert = v.parse(
      AlertSchema,
      await (await create(cookie, { direction: 'above', price: 100_000 })).json(),
    )
    await refreshWith(99_000)
    expect((await alertsOf(server, cookie))[0]?.state).toBe('waiting')

    await refreshWith(101_500)
    const mail = await smtp.mailTo(email, 1)
    expect(mail.subject).toBe('Bitcoin is above 100,000 USD')
    expect(mail.text).toContain('The price was 101,500 USD at')
    expect(mail.text).toContain('from markets')
    const coinLink = linkIn(mail, '/coins/bitcoin')
    expect(coinLink.origin).toBe(SITE_URL)
    expect(coinLink.searchParams.get('currency')).toBe('usd')
    expect(linkIn(mail, '/alerts/delete').origin).toBe(SITE_URL)

    const [fired] = await alertsOf(server, cookie)
    expect(fired).toMatchObject({ id: alert.id, state: 'triggered' })
    expect(fired?.triggered).toMatchObject({ price: 101_500, source: 'markets', rate: null })

    // The email's link deletes that alert, once, and signs nobody in.
    const token = tokenIn(mail, '/alerts/delete')
    const deleted = await fetch(`${server.url}/api/alerts/delete-by-link`, json({ token }))
    expect(deleted.status).toBe(204)
    expect(deleted.headers.getSetCookie()).toEqual([])
    expect(await alertsOf(server, cookie)).toEqual([])
    const again = await fetch(`${server.url}/api/alerts/delete-by-link`, json({ token }))
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ error: 'invalid_token' })
  })

  it('a price hovering around the value sends one email; a re-arm waits for a 1% move back', async () => {
    await refreshWith(START_PRICE)
    const email = 'hover@example.com'
    const cookie = await visitor(email)
    await create(cookie, { direction: 'above', price: 100_000 })
    for (let i = 0; i < 20; i++) await refreshWith(i % 2 === 0 ? 100_400 : 99_700)
    const [alert] = await alertsOf(server, cookie)
    expect(alert?.state).toBe('triggered')
    await smtp.mailTo(email, 1)

    const rearm = await fetch(`${server.url}/api/alerts/${alert?.id}/rearm`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: SITE_URL },
    })
    expect(rearm.status).toBe(204)
    // Back by less than 1%, then past again: still re-arming, no email.
    await refreshWith(99_500)
    await refreshWith(100_500)
    expect((await alertsOf(server, cookie))[0]?.state).toBe('rearming')
    // Back by 1%: waiting; past again: the second email.
    await refreshWith(98_900)
    expect((await alertsOf(server, cookie))[0]?.state).toBe('waiting')
    await refreshWith(100_200)
    await smtp.mailTo(email, 2)
    // Every email of this alert went before the second one: 20 crossings, 2 emails.
    expect(alertMails(email)).toHaveLength(2)
  })

  it('fires nothing when the email cannot be queued, and fires on the next refresh', async () => {
    await refreshWith(START_PRICE)
    const email = 'atomic@example.com'
    const cookie = await visitor(email)
    await create(cookie, { direction: 'below', price: 90_000 })
    // The queue's table is away: the transaction that fires the alert fails as a whole.
    await testDb.db.exec('ALTER TABLE mail_outbox RENAME TO mail_outbox_away')
    try {
      await refreshWith(89_000)
    } finally {
      await testDb.db.exec('ALTER TABLE mail_outbox_away RENAME TO mail_outbox')
    }
    expect((await alertsOf(server, cookie))[0]?.state).toBe('waiting')
    await refreshWith(88_000)
    const mail = await smtp.mailTo(email, 1)
    expect(mail.text).toContain('The price was 88,000 USD')
  })
})

describe('the alerted-coins query', () => {
  it('asks once per currency for alerted coins no refresh shows, and fires on its answer', async () => {
    const email = 'unlisted@example.com'
    const cookie = await visitor(email)
    // Nothing refreshes bitcoin in euros here: only the dollar price list is ever asked for.
    const created = await create(cookie, { currency: 'eur', direction: 'above', price: 100_000 })
    expect(created.status).toBe(201)
    btc = 120_000
    const before = upstream.callsTo('coins/markets').length
    // An instance starting reads the alerted coins at once (then every ALERTS_INTERVAL_S).
    const other = await startTestServer(env, { db: testDb, mailPollMs: 20 })
    try {
      const mail = await smtp.mailTo(email, 1)
      expect(mail.subject).toBe('Bitcoin is above 100,000 EUR')
      expect(mail.text).toContain('from coins/markets?ids')
      const asked = upstream
        .callsTo('coins/markets')
        .slice(before)
        .map((call) => new URLSearchParams(call.query))
        .filter((query) => query.has('ids') && query.get('vs_currency') === 'eur')
      // (Alerts in dollars from the tests before may be asked for too, until the new instance's
      // own dollar list has shown bitcoin.)
      expect(asked.map((query) => query.get('ids'))).toEqual(['bitcoin'])
    } finally {
      await other.dispose()
    }
  })
})

// The fixture's exchange rates: 1 USD = 83.21 INR.
const INR = 83.21

describe('alerts in a currency the upstream does not price in', () => {
  it('an alert in rupees fires when the dollar price at the held rate crosses it, and says it was converted', async () => {
    await refreshWith(START_PRICE)
    const email = 'rupees@example.com'
    const cookie = await visitor(email)
    // ₹8,105,652 now: "above ₹8,000,000" is true already, and the refusal says so in rupees.
    const atOnce = await create(cookie, { currency: 'inr', direction: 'above', price: 8_000_000 })
    expect(atOnce.status).toBe(409)
    const refusal = await atOnce.json()
    expect(refusal.error).toBe('alert_would_fire')
    expect(refusal.message).toContain(
      'The price is 8105652.52 INR already, converted from US dollars at the current exchange rate',
    )

    const created = await create(cookie, { currency: 'inr', direction: 'above', price: '8400000' })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ currency: 'inr', price: 8_400_000 })
    // $100,000 is ₹8,321,000: not yet.
    await refreshWith(100_000)
    expect((await alertsOf(server, cookie))[0]?.state).toBe('waiting')

    // $101,500 is ₹8,445,815.
    await refreshWith(101_500)
    const mail = await smtp.mailTo(email, 1)
    expect(mail.subject).toBe('Bitcoin is above 8,400,000 INR')
    expect(mail.text).toContain(
      'prices in Indian rupees, converted from US dollars at the current exchange rate',
    )
    expect(mail.text).toContain('The price was 8,445,815 INR at')
    expect(mail.text).toContain('from markets: 101,500 USD converted at 1 USD = 83.21 INR')
    expect(linkIn(mail, '/coins/bitcoin').searchParams.get('currency')).toBe('inr')
    const [fired] = await alertsOf(server, cookie)
    expect(fired).toMatchObject({ currency: 'inr', state: 'triggered' })
    expect(fired?.triggered?.price).toBeCloseTo(101_500 * INR, 4)
    expect(fired?.triggered?.rate).toBeCloseTo(INR, 10)
    expect(fired?.triggered?.source).toBe('markets')
  })

  it('an alert in rupees is not checked while no exchange rate is held, and fires once one is', async () => {
    // An instance whose every exchange_rates call fails: it holds only the bundled rates.
    upstream.behave({ kind: 'status', status: 500 }, 'exchange_rates')
    // On this file's clock: both instances send from one mail queue, whose claims are timed.
    const other = await startTestServer(env, { db: testDb, mailPollMs: 20, clock: server.clock })
    try {
      btc = 101_500
      await refreshPriceList(other)
      const email = 'no-rate@example.com'
      const cookie = await verifiedVisitor(other, smtp, email)
      // No rupee price to compare with: created as it is.
      const created = await createAlert(other, cookie, {
        currency: 'inr',
        direction: 'above',
        price: 8_000_000,
      })
      expect(created.status).toBe(201)
      const ratesAsked = upstream.callsTo('exchange_rates').length
      // ₹8,445,815 at the upstream's rate, and ₹8.4 million at the bundled ones: not checked.
      await refreshPriceList(other)
      await refreshPriceList(other)
      expect((await alertsOf(other, cookie))[0]?.state).toBe('waiting')
      expect(alertMails(email)).toEqual([])
      // Its rates are asked for as every visitor's are: once per refresh at most, shared.
      expect(upstream.callsTo('exchange_rates').length - ratesAsked).toBeLessThanOrEqual(2)

      upstream.behave({ kind: 'ok' }, 'exchange_rates')
      const from = other.logs.length
      await refreshPriceList(other)
      await other.logged(
        (line) => line.msg === REFRESH_ENDED && line.resource === 'exchange_rates',
        from,
      )
      await refreshPriceList(other)
      await expect.poll(() => alertMails(email).length).toBe(1)
      const [mail] = alertMails(email)
      expect(mail?.subject).toBe('Bitcoin is above 8,000,000 INR')
      expect(mail?.text).toContain('converted at 1 USD = 83.21 INR')
    } finally {
      upstream.behave({ kind: 'ok' }, 'exchange_rates')
      await other.dispose()
    }
  })
})

describe('a restart between the alert firing and its email', () => {
  // A database of its own: the other server would send this email through its own SMTP server.
  const ownDb = setUpTestDb()

  it('sends the email the fired alert queued, once, from the next instance', async () => {
    const down = await startSmtpSink({ listening: false })
    const options = { db: ownDb, mailPollMs: 20 }
    const first = await startTestServer({ ...env, SMTP_URL: down.url }, options)
    let again: Awaited<ReturnType<typeof startTestServer>> | null = null
    try {
      btc = START_PRICE
      await refreshPriceList(first)
      const email = 'restart@example.com'
      const signUp = await fetch(
        `${first.url}/api/auth`,
        json({ name: 'Ada Lovelace', email, password: 'harbour-lantern-violet-42' }),
      )
      expect(signUp.status).toBe(201)
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      // Its verification link cannot arrive (the SMTP server is down): verified as by the link.
      await ownDb.db.query('UPDATE accounts SET email_verified_at = now() WHERE email = $1', [
        email,
      ])
      const created = await createAlert(first, cookie, { direction: 'above', price: 99_000 })
      expect(created.status).toBe(201)
      btc = 99_500
      await refreshPriceList(first)
      expect((await alertsOf(first, cookie))[0]?.state).toBe('triggered')
      await first.dispose()

      // The next instance, on the same database and clock, finds the email queued.
      again = await startTestServer(
        { ...env, SMTP_URL: down.url },
        { ...options, clock: first.clock },
      )
      await down.up()
      again.clock.advance(60 * 60_000) // past the retries' wait
      // Both queued mails arrive, in either order: the verification, sent late, and the alert.
      await down.mailTo(email, 1)
      expect(down.messages.map((m) => m.subject)).toContain('Bitcoin is above 99,000 USD')
      expect((await alertsOf(again, cookie))[0]?.state).toBe('triggered')
      expect(down.messages.filter((m) => m.subject.startsWith('Bitcoin'))).toHaveLength(1)
    } finally {
      await again?.dispose()
      await down.stop()
    }
  })
})
