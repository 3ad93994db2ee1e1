import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { type SmtpSink, startSmtpSink } from '../support/smtp'
import { describeWith } from '../support/system-deps'
import {
  alertsOf,
  createAlert,
  movingBitcoin,
  refreshPriceList,
  START_PRICE,
  verifiedVisitor,
} from './helpers/alerts'
import { findPostgresBin, outboxEmpty, type Postgres, startPostgres } from './helpers/postgres'
import { startTestServer, type TestServer } from './helpers/server'

// Three instances on one PostgreSQL evaluate the same refreshes: each alert fires once, and
// only the instance whose conditional update won queues its email.

const bin = findPostgresBin()

describeWith([{ name: 'PostgreSQL', path: bin }], 'alerts with three instances', () => {
  let postgres: Postgres
  let smtp: SmtpSink
  let upstream: FakeUpstream
  let servers: TestServer[] = []
  let btc = START_PRICE

  beforeAll(async () => {
    postgres = await startPostgres(bin ?? '')
    smtp = await startSmtpSink()
    upstream = await startFakeUpstream()
    movingBitcoin(upstream, () => btc)
    const env = {
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      SITE_URL: 'https://coinvera.test',
      MARKET_UPSTREAM_URL: upstream.url,
    }
    servers = await Promise.all([1, 2, 3].map(() => startTestServer(env, { mailPollMs: 10 })))
  }, 120_000)

  afterAll(async () => {
    for (const server of servers) await server.dispose()
    await smtp?.stop()
    await upstream?.close()
    await postgres?.stop()
  })

  /** Every instance refreshes the price list (one of them asks the upstream) at this price. */
  async function everyInstanceSees(price: number) {
    btc = price
    await Promise.all(servers.map((server) => refreshPriceList(server)))
  }

  it('a price crossing the value 20 times in a row sends exactly one email', async () => {
    const [one] = servers as [TestServer]
    await everyInstanceSees(START_PRICE)
    const email = 'hover-three@example.com'
    const cookie = await verifiedVisitor(one, smtp, email)
    expect((await createAlert(one, cookie, { direction: 'above', price: 100_000 })).status).toBe(
      201,
    )
    // A second visitor's alert, fired last, tells when every email before it has gone.
    const sentinel = 'sentinel-three@example.com'
    const sentinelCookie = await verifiedVisitor(one, smtp, sentinel)
    await createAlert(one, sentinelCookie, { direction: 'below', price: 50_000 })

    await everyInstanceSees(100_300)
    await smtp.mailTo(email, 1)
    // The send has ended before the clocks jump on: a jump past a sender's claim (2 minutes)
    // while it sends would let another instance send the message again.
    await outboxEmpty(postgres.url, servers)
    for (let i = 1; i < 20; i++) await everyInstanceSees(i % 2 === 0 ? 100_300 : 99_800)
    await everyInstanceSees(49_000)
    await smtp.mailTo(sentinel, 1)
    await outboxEmpty(postgres.url, servers)
    const alertMails = smtp.messages.filter(
      (m) => m.to === email && m.subject === 'Bitcoin is above 100,000 USD',
    )
    expect(alertMails).toHaveLength(1)
    expect((await alertsOf(one, cookie))[0]?.state).toBe('triggered')
    // One upstream call per refresh for the three instances: they share the price list's row.
    expect(upstream.callsTo('coins/markets').length).toBeLessThanOrEqual(23)
  })

  it('an alert in rupees fires once at the shared rate, and not on a rate over an hour old', async () => {
    const [one] = servers as [TestServer]
    await everyInstanceSees(START_PRICE)
    const email = 'rupees-three@example.com'
    const cookie = await verifiedVisitor(one, smtp, email)
    const created = await createAlert(one, cookie, {
      currency: 'inr',
      direction: 'above',
      price: 8_400_000,
    })
    expect(created.status).toBe(201)
    const rupeeMails = () =>
      smtp.messages.filter((m) => m.to === email && m.subject === 'Bitcoin is above 8,400,000 INR')

    // The upstream's rates stop coming; an hour on, the last ones no longer decide an alert.
    upstream.behave({ kind: 'status', status: 500 }, 'exchange_rates')
    await outboxEmpty(postgres.url, servers)
    for (const server of servers) server.clock.advance(61 * 60_000)
    // $101,500 is ₹8,445,815 at the last rate (1 USD = 83.21 INR).
    await everyInstanceSees(101_500)
    await everyInstanceSees(101_500)
    expect((await alertsOf(one, cookie))[0]?.state).toBe('waiting')

    // Rates again: the next refreshes check it, and one instance's update fires it.
    upstream.behave({ kind: 'ok' }, 'exchange_rates')
    for (let i = 0; i < 5 && rupeeMails().length === 0; i++) {
      await everyInstanceSees(101_500)
      if ((await alertsOf(one, cookie))[0]?.state === 'triggered') break
    }
    await smtp.mailTo(email, 1)
    await outboxEmpty(postgres.url, servers)
    await everyInstanceSees(101_600)
    await outboxEmpty(postgres.url, servers)
    expect(rupeeMails()).toHaveLength(1)
    expect(rupeeMails()[0]?.text).toContain('converted at 1 USD = 83.21 INR')
    expect((await alertsOf(one, cookie))[0]?.triggered?.rate).toBeCloseTo(83.21, 10)
  })
})
