import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { type SmtpSink, startSmtpSink } from '../support/smtp'
import {
  alertsOf,
  createAlert,
  movingBitcoin,
  refreshPriceList,
  START_PRICE,
  verifiedVisitor,
} from './helpers/alerts'
import { json, setUpTestDb, setUpTestServer, type TestServer, testServer } from './helpers/server'

// What one email address can be sent, whoever asks and whatever happens to the account: the
// per-address allowance (MAIL_PER_ADDRESS_PER_HOUR, 5), and no mail for an account deleted.

const SITE_URL = 'https://coinvera.test'
const PASSWORD = 'quartz-lagoon-marble-66'
const HOUR = 60 * 60_000

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

const env = {
  SITE_URL,
  TRUST_PROXY: '1',
  get SMTP_URL() {
    return smtp.url
  },
  get MARKET_UPSTREAM_URL() {
    return upstream.url
  },
}
const testDb = setUpTestDb()
const server = setUpTestServer(env, { db: testDb, mailPollMs: 20 })

let clients = 0
const call = (path: string, body: unknown, cookie = '', method = 'POST', s = server) =>
  fetch(
    `${s.url}${path}`,
    json(body, {
      method,
      headers: { Cookie: cookie, 'X-Forwarded-For': `203.0.113.${++clients % 250}` },
    }),
  )
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
const signUp = async (email: string, s = server) => {
  const response = await call(
    '/api/auth',
    { name: 'Mallory', email, password: PASSWORD },
    '',
    'POST',
    s,
  )
  expect(response.status).toBe(201)
  return cookiesOf(response)
}
const mailsTo = (email: string) => smtp.messages.filter((message) => message.to === email)
/** Waits until `done` holds, for 5 s at most (then the test's assertions say what is wrong). */
async function until(done: () => boolean | Promise<boolean>) {
  for (const start = Date.now(); Date.now() - start < 5000; ) {
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
const queuedFor = async (email: string) =>
  (await testDb.db.query('SELECT 1 FROM mail_outbox WHERE recipient = $1', [email])).rows.length
const notSent = (s: TestServer = server) =>
  s.logs.filter((line) => line.msg === 'mail not sent: its address had its hourly allowance')

describe('mail to one address', () => {
  it('at most 5 an hour, whatever accounts are made and deleted for it; each answer as usual', async () => {
    const email = 'victim@example.com'
    const before = notSent().length
    for (let round = 0; round < 2; round++) {
      const cookie = await signUp(email)
      for (let i = 0; i < 3; i++) {
        const resend = await call('/api/account/verification-email', {}, cookie)
        // Its own limit, 3 links an hour to the address, holds across the deletion too.
        expect(resend.status).toBe(round === 0 ? 202 : 429)
      }
      for (let i = 0; i < 3; i++) {
        const reset = await call('/api/auth/password-reset', { email })
        expect(reset.status).toBe(202)
      }
      // The resets run after their answers: the first round's last mails are out before the
      // deletion, which would take them along unsent.
      if (round === 0)
        await until(() => mailsTo(email).length === 5 && notSent().length === before + 2)
      const deleted = await call('/api/account', { password: PASSWORD }, cookie, 'DELETE')
      expect(deleted.status).toBe(204)
    }
    await until(() => mailsTo(email).length >= 5 && notSent().length - before >= 3)
    await until(async () => (await queuedFor(email)) === 0)
    expect(mailsTo(email)).toHaveLength(5)
    // Each one not sent is logged, without the address: two resets, the second verification.
    expect(notSent().length - before).toBe(3)
    expect(JSON.stringify(notSent())).not.toContain('victim')
  })

  it('a sign-up and delete loop sends 5 verification mails, however many rounds', async () => {
    const email = 'loop@example.com'
    for (let round = 0; round < 7; round++) {
      // Spelled differently each round: one address all the same.
      const cookie = await signUp(round % 2 ? email.toUpperCase() : email)
      // Sent before the deletion, which would take it along unsent.
      if (round < 5) await smtp.mailTo(email, round)
      const deleted = await call('/api/account', { password: PASSWORD }, cookie, 'DELETE')
      expect(deleted.status).toBe(204)
    }
    await until(() => mailsTo(email).length > 5)
    expect(mailsTo(email)).toHaveLength(5)
  })
})

describe('an account deleted', () => {
  it('takes its unsent mail with it: a reset, a notice and an alert queued while SMTP was down', async () => {
    const email = 'leaving@example.com'
    const cookie = await verifiedVisitor(server, smtp, email)
    await refreshPriceList(server)
    expect((await createAlert(server, cookie, { direction: 'above', price: 100_000 })).status).toBe(
      201,
    )
    await smtp.down()
    expect((await call('/api/auth/password-reset', { email })).status).toBe(202)
    await until(async () => (await queuedFor(email)) === 1)
    const changed = await call(
      '/api/account/password',
      { currentPassword: 'harbour-lantern-violet-42', password: PASSWORD },
      cookie,
    )
    expect(changed.status).toBe(204)
    btc = 101_000
    await refreshPriceList(server)
    expect((await alertsOf(server, cookie))[0]?.state).toBe('triggered')
    expect(await queuedFor(email)).toBe(3)

    const deleted = await call('/api/account', { password: PASSWORD }, cookie, 'DELETE')
    expect(deleted.status).toBe(204)
    expect(await queuedFor(email)).toBe(0)

    // SMTP back, and every retry due: another visitor's mail goes, none to the deleted account.
    await smtp.up()
    server.clock.advance(HOUR)
    await signUp('staying@example.com')
    await smtp.mailTo('staying@example.com')
    await until(async () => (await queuedFor(email)) === 0)
    // The verification only, sent before SMTP went down.
    expect(mailsTo(email)).toHaveLength(1)
  })
})

describe('alert mails', () => {
  it('are not limited by the address’s allowance', async () => {
    const s = await testServer({ ...env, MAIL_PER_ADDRESS_PER_HOUR: '1' }, { mailPollMs: 20 })
    const email = 'alerted@example.com'
    // The verification spends the allowance: the password change's notice is not sent.
    const cookie = await verifiedVisitor(s, smtp, email)
    const changed = await call(
      '/api/account/password',
      { currentPassword: 'harbour-lantern-violet-42', password: PASSWORD },
      cookie,
      'POST',
      s,
    )
    expect(changed.status).toBe(204)
    expect(notSent(s)).toHaveLength(1)
    btc = START_PRICE
    await refreshPriceList(s)
    expect((await createAlert(s, cookie, { direction: 'above', price: 100_000 })).status).toBe(201)
    btc = 101_000
    await refreshPriceList(s)
    const alert = await smtp.mailTo(email, 1)
    expect(alert.subject).toContain('Bitcoin')
  })
})
