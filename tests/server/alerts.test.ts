import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlertListSchema, AlertSchema, MAX_ALERTS } from '@contract/alerts'
import { type SmtpSink, startSmtpSink, tokenIn } from '../support/smtp'
import { json, setUpTestDb, setUpTestServer, untilNotBusy } from './helpers/server'

// The alerts API over the real server and database, each visitor's address verified through the
// link a real SMTP server received. Triggering on refreshes is in alerts-trigger.test.ts.

const PASSWORD = 'harbour-lantern-violet-42'

let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(async () => {
  await smtp?.stop()
})

const testDb = setUpTestDb()
const server = setUpTestServer(
  {
    SITE_URL: 'https://coinvera.test',
    TRUST_PROXY: '1',
    ALERTS_RATE_LIMIT: '5',
    get SMTP_URL() {
      return smtp.url
    },
  },
  { db: testDb, mailPollMs: 20 },
)

let clients = 0
/** A client address of its own, so that tests do not share the per-address limits. */
const newClient = () => ({ 'X-Forwarded-For': `198.51.100.${++clients}` })

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

/** A signed-up visitor's cookie; verified by the emailed link unless told not to. */
async function visitor(email: string, verified = true): Promise<string> {
  const response = await untilNotBusy(() =>
    fetch(`${server.url}/api/auth`, json({ name: 'Ada Lovelace', email, password: PASSWORD })),
  )
  expect(response.status).toBe(201)
  const cookie = cookiesOf(response)
  if (verified) {
    const token = tokenIn(await smtp.mailTo(email), '/verify-email')
    const verify = await fetch(`${server.url}/api/auth/verify-email`, json({ token }))
    expect(verify.status).toBe(204)
  }
  return cookie
}

const BITCOIN = { coinId: 'bitcoin', currency: 'usd', direction: 'above', price: 1_000_000 }

function create(cookie: string, body: unknown, headers: Record<string, string> = newClient()) {
  return fetch(`${server.url}/api/alerts`, json(body, { headers: { Cookie: cookie, ...headers } }))
}

async function list(cookie: string) {
  const response = await fetch(`${server.url}/api/alerts`, { headers: { Cookie: cookie } })
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toContain('no-store')
  return v.parse(AlertListSchema, await response.json())
}

const remove = (cookie: string, id: string) =>
  fetch(`${server.url}/api/alerts/${id}`, { method: 'DELETE', headers: { Cookie: cookie } })

describe('alerts API', () => {
  it('creates, lists and deletes an alert', async () => {
    const cookie = await visitor('alerts-crud@example.com')
    expect(await list(cookie)).toEqual({ alerts: [], max: MAX_ALERTS })

    const response = await create(cookie, BITCOIN)
    expect(response.status).toBe(201)
    const alert = v.parse(AlertSchema, await response.json())
    expect(alert).toMatchObject({
      coinId: 'bitcoin',
      // From the coin list the server holds: the alerts page names the coin.
      coinName: 'Bitcoin',
      currency: 'usd',
      direction: 'above',
      price: 1_000_000,
      state: 'waiting',
      triggered: null,
    })
    expect((await list(cookie)).alerts).toEqual([alert])

    expect((await remove(cookie, alert.id)).status).toBe(204)
    expect((await list(cookie)).alerts).toEqual([])
    const again = await remove(cookie, alert.id)
    expect(again.status).toBe(404)
    expect(await again.json()).toMatchObject({ error: 'not_found' })
  })

  it('takes a price typed in a form, as text', async () => {
    const cookie = await visitor('alerts-text@example.com')
    const response = await create(cookie, { ...BITCOIN, direction: 'below', price: ' 0.5 ' })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ direction: 'below', price: 0.5 })
  })

  it('refuses bad input with the field that is wrong', async () => {
    const cookie = await visitor('alerts-invalid@example.com')
    const cases: [unknown, string][] = [
      [{ ...BITCOIN, price: 0 }, 'price'],
      [{ ...BITCOIN, price: -5 }, 'price'],
      [{ ...BITCOIN, price: 'lots' }, 'price'],
      [{ ...BITCOIN, price: '1e999' }, 'price'],
      [{ ...BITCOIN, price: null }, 'price'],
      [{ ...BITCOIN, currency: 'xau' }, 'currency'],
      [{ ...BITCOIN, direction: 'sideways' }, 'direction'],
      [{ ...BITCOIN, coinId: 'not\u0000a coin' }, 'coinId'],
    ]
    for (const [body, field] of cases) {
      const response = await create(cookie, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      const answer = await response.json()
      expect(answer.error).toBe('validation_failed')
      expect(answer.issues.map((issue: { field: string }) => issue.field)).toEqual([field])
    }
    const unknown = await create(cookie, { ...BITCOIN, coinId: 'no-such-coin-anywhere' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: 'unknown_coin' })
    expect((await list(cookie)).alerts).toEqual([])
  })

  it('refuses an unverified address, and says why', async () => {
    const cookie = await visitor('alerts-unverified@example.com', false)
    const response = await create(cookie, BITCOIN)
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({
      error: 'email_unverified',
      message: expect.stringContaining('Confirm your email address'),
    })
  })

  it('needs a session, and a request from the site itself', async () => {
    const anonymous = await fetch(`${server.url}/api/alerts`)
    expect(anonymous.status).toBe(401)
    const cookie = await visitor('alerts-origin@example.com')
    const forged = await create(cookie, BITCOIN, { ...newClient(), Origin: 'https://evil.test' })
    expect(forged.status).toBe(403)
    expect(await forged.json()).toMatchObject({ error: 'forbidden_origin' })
    expect((await list(cookie)).alerts).toEqual([])
  })

  it('shows and deletes only the visitor’s own alerts', async () => {
    const owner = await visitor('alerts-owner@example.com')
    const other = await visitor('alerts-other@example.com')
    const alert = v.parse(AlertSchema, await (await create(owner, BITCOIN)).json())
    expect((await list(other)).alerts).toEqual([])
    expect((await remove(other, alert.id)).status).toBe(404)
    expect((await list(owner)).alerts).toHaveLength(1)
  })

  it(`keeps at most ${MAX_ALERTS} alerts per account`, async () => {
    const cookie = await visitor('alerts-cap@example.com')
    // Each from its own address, so the per-client rate limit does not stop them first.
    const created = await Promise.all(
      Array.from({ length: MAX_ALERTS + 2 }, (_, i) =>
        create(cookie, { ...BITCOIN, price: 1_000_000 + i }).then((r) => r.status),
      ),
    )
    expect(created.filter((status) => status === 201)).toHaveLength(MAX_ALERTS)
    expect(created.filter((status) => status === 409)).toHaveLength(2)
    expect((await list(cookie)).alerts).toHaveLength(MAX_ALERTS)
    const refused = await create(cookie, BITCOIN)
    expect(await refused.json()).toMatchObject({ error: 'too_many_alerts' })
  })

  it('limits creations per client and minute (ALERTS_RATE_LIMIT)', async () => {
    const cookie = await visitor('alerts-rate@example.com')
    const client = newClient()
    for (let i = 0; i < 5; i++) expect((await create(cookie, BITCOIN, client)).status).toBe(201)
    const limited = await create(cookie, BITCOIN, client)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    server.clock.advance(60_000)
    expect((await create(cookie, BITCOIN, client)).status).toBe(201)
  })

  it('works as plain HTML forms without JavaScript: 303 back to the alerts page', async () => {
    const cookie = await visitor('alerts-form@example.com')
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Cookie: cookie,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Sec-Fetch-Site': 'same-origin',
          ...newClient(),
        },
        body: new URLSearchParams(fields),
      })
    const created = await form('/api/alerts', {
      coinId: 'bitcoin',
      currency: 'eur',
      direction: 'above',
      price: '2000000',
    })
    expect(created.status).toBe(303)
    expect(created.headers.get('location')).toBe('/account/alerts?done=created')
    const [alert] = (await list(cookie)).alerts
    expect(alert).toMatchObject({ currency: 'eur', price: 2_000_000 })

    const bad = await form('/api/alerts', { coinId: 'bitcoin', currency: 'eur', direction: 'up' })
    expect(bad.headers.get('location')).toBe('/account/alerts?error=validation_failed')

    const deleted = await form(`/api/alerts/${alert?.id}/delete`, {})
    expect(deleted.status).toBe(303)
    expect(deleted.headers.get('location')).toBe('/account/alerts?done=deleted')
    expect((await list(cookie)).alerts).toEqual([])
  })
})
