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
})
