import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlertListSchema, AlertSchema } from '@contract/alerts'
import { MARKETS_PARAMS } from '@contract/market'
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream'
import { type CapturedMail, linkIn, type SmtpSink, startSmtpSink, tokenIn } from '../support/smtp'
import { json, setUpTestDb, setUpTestServer, type TestServer, untilNotBusy } from './helpers/server'

// Alerts fired by the price list's refreshes (the fake CoinGecko's bitcoin price moves), each
// email caught by a real SMTP server and read as the visitor would.

const SITE_URL = 'https://coinvera.test'
const PASSWORD = 'harbour-lantern-violet-42'
const MARKETS = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/coins-markets.json', import.meta.url), 'utf8'),
) as { id: string; current_price: number }[]
const START = 97_412 // bitcoin's price in the fixture
const MARKETS_QUERY = new URLSearchParams(
  Object.entries(MARKETS_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()

let smtp: SmtpSink
let upstream: FakeUpstream
let btc = START
beforeAll(async () => {
  smtp = await startSmtpSink()
  upstream = await startFakeUpstream()
  upstream.behave(
    {
      kind: 'ok',
      body: () =>
        JSON.stringify(MARKETS.map((c) => (c.id === 'bitcoin' ? { ...c, current_price: btc } : c))),
    },
    'coins/markets',
  )
})
afterAll(async () => {
  await smtp?.stop()
  await upstream?.close()
})

const testDb = setUpTestDb()
const server = setUpTestServer(
  {
    SITE_URL,
    get SMTP_URL() {
      return smtp.url
    },
    get MARKET_UPSTREAM_URL() {
      return upstream.url
    },
  },
  { db: testDb, mailPollMs: 20 },
)

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

async function visitor(email: string): Promise<string> {
  const response = await untilNotBusy(() =>
    fetch(`${server.url}/api/auth`, json({ name: 'Ada Lovelace', email, password: PASSWORD })),
  )
  expect(response.status).toBe(201)
  const token = tokenIn(await smtp.mailTo(email), '/verify-email')
  expect((await fetch(`${server.url}/api/auth/verify-email`, json({ token }))).status).toBe(204)
  return cookiesOf(response)
}

/** The price list's upstream request has ended (its prices, if new, are with the alerts). */
async function settled(s: TestServer = server): Promise<void> {
  for (;;) {
    const health = await (await fetch(`${s.url}/api/health/detail`)).json()
    if (!health.upstream.markets.fetching) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A visitor's look at the price list once its TTL has passed: the server refreshes it. */
async function refreshWith(price: number, s: TestServer = server): Promise<void> {
  btc = price
  s.clock.advance(61_000)
  const response = await fetch(`${s.url}/api/market/coins/markets?${MARKETS_QUERY}`)
  expect(response.status).toBe(200)
  await response.body?.cancel()
  await settled(s)
}

const create = (cookie: string, body: Record<string, unknown>) =>
  fetch(
    `${server.url}/api/alerts`,
    json({ coinId: 'bitcoin', currency: 'usd', ...body }, { headers: { Cookie: cookie } }),
  )

async function alertsOf(cookie: string) {
  const response = await fetch(`${server.url}/api/alerts`, { headers: { Cookie: cookie } })
  return v.parse(AlertListSchema, await response.json()).alerts
}

/** Mail to `email` but the verification. */
const alertMails = (email: string): CapturedMail[] =>
  smtp.messages.filter((m) => m.to === email && !m.subject.startsWith('Confirm'))

describe('alerts fired by refreshes', () => {
  it('refuses an alert that would fire at once, saying the price it is past', async () => {
    await refreshWith(START)
    const cookie = await visitor('at-once@example.com')
    const response = await create(cookie, { direction: 'above', price: START - 1000 })
    expect(response.status).toBe(409)
    const body = await response.json()
    expect(body.error).toBe('alert_would_fire')
    expect(body.message).toContain('97412')
    expect((await create(cookie, { direction: 'below', price: START - 1000 })).status).toBe(201)
  })

  it('fires once when a refresh crosses the value, with a link to the coin and one to delete it', async () => {
    await refreshWith(START)
    const email = 'fires@example.com'
    const cookie = await visitor(email)
    const alert = v.parse(
      AlertSchema,
      await (await create(cookie, { direction: 'above', price: 100_000 })).json(),
    )
    await refreshWith(99_000)
    expect((await alertsOf(cookie))[0]?.state).toBe('waiting')

    await refreshWith(101_500)
    const mail = await smtp.mailTo(email, 1)
    expect(mail.subject).toBe('Bitcoin is above 100,000 USD')
    expect(mail.text).toContain('The price was 101,500 USD at')
    expect(mail.text).toContain('from markets')
    const coinLink = linkIn(mail, '/coins/bitcoin')
    expect(coinLink.origin).toBe(SITE_URL)
    expect(coinLink.searchParams.get('currency')).toBe('usd')
    expect(linkIn(mail, '/alerts/delete').origin).toBe(SITE_URL)

    const [fired] = await alertsOf(cookie)
    expect(fired).toMatchObject({ id: alert.id, state: 'triggered' })
    expect(fired?.triggered).toMatchObject({ price: 101_500, source: 'markets' })

    // The email's link deletes that alert, once, and signs nobody in.
    const token = tokenIn(mail, '/alerts/delete')
    const deleted = await fetch(`${server.url}/api/alerts/delete-by-link`, json({ token }))
    expect(deleted.status).toBe(204)
    expect(deleted.headers.getSetCookie()).toEqual([])
    expect(await alertsOf(cookie)).toEqual([])
    const again = await fetch(`${server.url}/api/alerts/delete-by-link`, json({ token }))
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ error: 'invalid_token' })
  })

  it('a price hovering around the value sends one email; a re-arm waits for a 1 % move back', async () => {
    await refreshWith(START)
    const email = 'hover@example.com'
    const cookie = await visitor(email)
    await create(cookie, { direction: 'above', price: 100_000 })
    for (let i = 0; i < 20; i++) await refreshWith(i % 2 === 0 ? 100_400 : 99_700)
    const [alert] = await alertsOf(cookie)
    expect(alert?.state).toBe('triggered')

    const rearm = await fetch(`${server.url}/api/alerts/${alert?.id}/rearm`, {
      method: 'POST',
      headers: { Cookie: cookie },
    })
    expect(rearm.status).toBe(204)
    // Back by less than 1 %, then past again: still re-arming, no email.
    await refreshWith(99_500)
    await refreshWith(100_500)
    expect((await alertsOf(cookie))[0]?.state).toBe('rearming')
    // Back by 1 %: waiting; past again: the second email.
    await refreshWith(98_900)
    expect((await alertsOf(cookie))[0]?.state).toBe('waiting')
    await refreshWith(100_200)
    await smtp.mailTo(email, 2)
    expect(alertMails(email)).toHaveLength(2)
  })
})
