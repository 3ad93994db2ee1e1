import { afterAll, beforeAll, expect, it } from 'vitest'
import { type SmtpSink, startSmtpSink, tokenIn } from '../support/smtp'
import { describeWith } from '../support/system-deps'
import { findPostgresBin, outboxEmpty, type Postgres, startPostgres } from './helpers/postgres'
import { json, startTestServer, type TestServer, untilNotBusy } from './helpers/server'

// The mail queue and password recovery with two instances on one PostgreSQL.

const bin = findPostgresBin()
const SITE_URL = 'https://coinvera.test'
const PASSWORD = 'granite-meadow-7710-x'

describeWith([{ name: 'PostgreSQL', path: bin }], 'mail with two instances on PostgreSQL', () => {
  let postgres: Postgres
  let smtp: SmtpSink
  let servers: TestServer[] = []

  beforeAll(async () => {
    postgres = await startPostgres(bin ?? '')
    smtp = await startSmtpSink()
    const env = { DATABASE_URL: postgres.url, SMTP_URL: smtp.url, SITE_URL }
    servers = await Promise.all([
      startTestServer(env, { mailPollMs: 10 }),
      startTestServer(env, { mailPollMs: 10 }),
    ])
  }, 90_000)

  afterAll(async () => {
    for (const server of servers) await server.dispose()
    await smtp?.stop()
    await postgres?.stop()
  })

  const signUp = (server: TestServer | undefined, email: string) =>
    untilNotBusy(() =>
      fetch(`${server?.url}/api/auth`, json({ name: 'Pat', email, password: PASSWORD })),
    )

  it('each queued message is sent exactly once, whichever instance takes it', async () => {
    const emails = Array.from({ length: 24 }, (_, i) => `queue-${i}@example.com`)
    const statuses = await Promise.all(
      emails.map(async (email, i) => (await signUp(servers[i % 2], email)).status),
    )
    expect(statuses.every((status) => status === 201)).toBe(true)
    for (const email of emails) await smtp.mailTo(email)
    // Every send has ended once its row is gone; none is left to send twice.
    await outboxEmpty(postgres.url, servers)
    const sent = smtp.messages.filter((message) => message.to.startsWith('queue-'))
    expect(sent).toHaveLength(emails.length)
    expect(new Set(sent.map((message) => message.messageId)).size).toBe(emails.length)
  })

  it('one address gets 5 mails an hour from the two instances together, deletions or not', async () => {
    const email = 'shared-victim@example.com'
    for (let round = 0; round < 6; round++) {
      const server = servers[round % 2]
      const signedUp = await signUp(server, email)
      expect(signedUp.status).toBe(201)
      const cookie = signedUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      // The mail goes out before the deletion, which would take it along unsent.
      if (round < 5) await smtp.mailTo(email, round)
      const other = servers[(round + 1) % 2]
      const deleted = await untilNotBusy(() =>
        fetch(
          `${other?.url}/api/account`,
          json({ password: PASSWORD }, { method: 'DELETE', headers: { Cookie: cookie } }),
        ),
      )
      expect(deleted.status).toBe(204)
    }
    await outboxEmpty(postgres.url, servers)
    expect(smtp.messages.filter((message) => message.to === email)).toHaveLength(5)
    const refused = servers.flatMap((server) =>
      server.logs.filter(
        (line) => line.msg === 'mail not sent: its address had its hourly allowance',
      ),
    )
    expect(refused).toHaveLength(1)
  })

  it('a reset asked for on one instance is confirmed on the other', async () => {
    const [one, two] = servers
    const email = 'across@example.com'
    expect((await signUp(one, email)).status).toBe(201)
    const asked = await fetch(`${one?.url}/api/auth/password-reset`, json({ email }))
    expect(asked.status).toBe(202)
    const token = tokenIn(await smtp.mailTo(email, 1), '/reset-password')
    const confirmed = await untilNotBusy(() =>
      fetch(
        `${two?.url}/api/auth/password-reset/confirm`,
        json({ token, password: 'another-granite-2211' }),
      ),
    )
    expect(confirmed.status).toBe(204)
    const again = await fetch(
      `${one?.url}/api/auth/password-reset/confirm`,
      json({ token, password: 'another-granite-2211' }),
    )
    expect(again.status).toBe(400)
  })
})
