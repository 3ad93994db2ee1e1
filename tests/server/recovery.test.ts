import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESET_REQUESTED_MESSAGE } from '@contract/account'
import { AccountSessionSchema } from '@contract/account'
import { type SmtpSink, linkIn, startSmtpSink, tokenIn } from '../support/smtp'
import { freshDataDir, removeDir } from './helpers/pglite'
import {
  json,
  setUpTestDb,
  setUpTestServer,
  startTestServer,
  type TestServer,
  testServer,
  untilNotBusy,
} from './helpers/server'

// Password recovery, email verification and the account endpoints, with every message caught by a
// real SMTP server in this process and read back as a visitor would: by the link in it.

const SITE_URL = 'https://coinvera.test'
const PASSWORD = 'harbour-lantern-violet-42'
const NEW_PASSWORD = 'copper-meadow-quietly-17'
const MINUTE = 60_000

let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(async () => {
  await smtp?.stop()
})

const testDb = setUpTestDb()
const server = setUpTestServer(
  // `TRUST_PROXY`: tests name the client's address with X-Forwarded-For.
  {
    SITE_URL,
    TRUST_PROXY: '1',
    PASSWORD_RESET_RATE_LIMIT: '5',
    get SMTP_URL() {
      return smtp.url
    },
  },
  { db: testDb, mailPollMs: 20 },
)

let addresses = 0
/** A client address of its own, so that tests do not share the per-address limits. */
const newClient = () => ({ 'X-Forwarded-For': `198.51.100.${++addresses}` })

/** Cookies a response sets, as the Cookie header a browser would send next. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

async function signUp(email: string, s: TestServer = server) {
  const response = await untilNotBusy(() =>
    fetch(`${s.url}/api/auth`, json({ name: 'Ada Lovelace', email, password: PASSWORD })),
  )
  expect(response.status).toBe(201)
  return cookiesOf(response)
}

async function signIn(email: string, password: string) {
  const response = await untilNotBusy(() =>
    fetch(`${server.url}/api/auth/session`, json({ username: email, password })),
  )
  await response.body?.cancel()
  return { status: response.status, cookie: cookiesOf(response) }
}

async function session(cookie: string) {
  const response = await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: cookie } })
  if (response.status !== 200) {
    await response.body?.cancel()
    return null
  }
  return v.parse(AccountSessionSchema, await response.json()).user
}

async function requestReset(email: string, headers: Record<string, string> = newClient()) {
  const response = await fetch(
    `${server.url}/api/auth/password-reset`,
    json({ email }, { headers }),
  )
  return { status: response.status, body: await response.json() }
}

async function confirmReset(token: string, password = NEW_PASSWORD) {
  const response = await untilNotBusy(() =>
    fetch(`${server.url}/api/auth/password-reset/confirm`, json({ token, password })),
  )
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

const post = (path: string, body: unknown, cookie: string, method = 'POST') =>
  untilNotBusy(() =>
    fetch(`${server.url}${path}`, json(body, { method, headers: { Cookie: cookie } })),
  )

describe('password reset', () => {
  it('end to end: the emailed link sets a new password, ends every session and sends a notice', async () => {
    const email = 'reset-flow@example.com'
    const signUpCookie = await signUp(email)
    const other = await signIn(email, PASSWORD)
    expect(await session(other.cookie)).not.toBeNull()

    expect(await requestReset(email)).toEqual({
      status: 202,
      body: { message: RESET_REQUESTED_MESSAGE },
    })
    const mail = await smtp.mailTo(email, 1) // the first is sign-up's verification
    expect(mail.subject).toBe('Reset your Coinvera password')
    expect(mail.from).toContain('no-reply@localhost')
    const link = linkIn(mail, '/reset-password')
    // Built from SITE_URL, never from the request's Host.
    expect(link.origin).toBe(SITE_URL)
    expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`)
    const token = tokenIn(mail, '/reset-password')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    expect(await confirmReset(token)).toEqual({ status: 204, body: null })
    // Every session ended, and nobody was signed in in their place.
    expect(await session(signUpCookie)).toBeNull()
    expect(await session(other.cookie)).toBeNull()
    expect((await signIn(email, PASSWORD)).status).toBe(401)
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200)

    const notice = await smtp.mailTo(email, 2)
    expect(notice.subject).toBe('Your Coinvera password was changed')
    expect(notice.text).toContain('Your password was changed')
    expect(linkIn(notice, '/forgot-password').origin).toBe(SITE_URL)
  })

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    await signUp('known@example.com')
    const unknown = await requestReset('nobody-here@example.com')
    const known = await requestReset('known@example.com')
    expect(unknown).toEqual(known)
    expect(unknown.status).toBe(202)
    // The known account's message arrives; none was sent for the unknown address meanwhile.
    await smtp.mailTo('known@example.com', 1)
    expect(smtp.messages.filter((m) => m.to === 'nobody-here@example.com')).toEqual([])
  })

  it('a token works once, and not after 30 minutes; a wrong one is refused', async () => {
    const email = 'once@example.com'
    await signUp(email)
    await requestReset(email)
    const token = tokenIn(await smtp.mailTo(email, 1), '/reset-password')
    expect((await confirmReset(token)).status).toBe(204)
    expect(await confirmReset(token, 'another-long-passphrase-9')).toMatchObject({
      status: 400,
      body: { error: 'invalid_token' },
    })
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200)

    await requestReset(email)
    const late = tokenIn(await smtp.mailTo(email, 3), '/reset-password') // 2: the notice
    server.clock.advance(30 * MINUTE + 1)
    expect(await confirmReset(late)).toMatchObject({
      status: 400,
      body: { error: 'invalid_token' },
    })

    expect(await confirmReset('A'.repeat(43))).toMatchObject({
      status: 400,
      body: { error: 'invalid_token' },
    })
    expect(await confirmReset('not-a-token')).toMatchObject({
      status: 400,
      body: { error: 'validation_failed' },
    })
  })

  it('the newest link replaces the ones before it', async () => {
    const email = 'newest@example.com'
    await signUp(email)
    await requestReset(email)
    const first = tokenIn(await smtp.mailTo(email, 1), '/reset-password')
    await requestReset(email)
    const second = tokenIn(await smtp.mailTo(email, 2), '/reset-password')
    expect((await confirmReset(first)).status).toBe(400)
    expect((await confirmReset(second)).status).toBe(204)
  })

  it('the new password follows the sign-up rules, and a refused one leaves the link usable', async () => {
    const email = 'rules@example.com'
    await signUp(email)
    await requestReset(email)
    const token = tokenIn(await smtp.mailTo(email, 1), '/reset-password')
    const short = await confirmReset(token, 'short')
    expect(short).toMatchObject({ status: 400, body: { error: 'validation_failed' } })
    expect(short.body.issues).toEqual([
      { field: 'password', message: 'Use at least 8 characters.' },
    ])
    const common = await confirmReset(token, 'password123')
    expect(common.body.issues[0]).toMatchObject({ field: 'password', message: /too common/ })
    expect((await confirmReset(token)).status).toBe(204)
  })

  it('at most 3 emails per account an hour; past that the answer is still 202', async () => {
    const email = 'flooded@example.com'
    await signUp(email)
    for (let i = 0; i < 5; i++) expect((await requestReset(email)).status).toBe(202)
    await smtp.mailTo(email, 3)
    // A later message to another account shows the queue went past this one's requests.
    await signUp('witness@example.com')
    await requestReset('witness@example.com')
    await smtp.mailTo('witness@example.com', 1)
    expect(smtp.messages.filter((m) => m.to === email)).toHaveLength(4) // 1 verification + 3

    server.clock.advance(60 * MINUTE)
    await requestReset(email)
    await smtp.mailTo(email, 4)
  })

  it('at most PASSWORD_RESET_RATE_LIMIT requests per client address an hour, still 202 past it', async () => {
    const client = newClient()
    const emails = Array.from({ length: 6 }, (_, i) => `address-${i}@example.com`)
    for (const email of emails) await signUp(email)
    for (const email of emails) expect((await requestReset(email, client)).status).toBe(202)
    for (const email of emails.slice(0, 5)) await smtp.mailTo(email, 1)
    await signUp('witness-2@example.com')
    await requestReset('witness-2@example.com')
    await smtp.mailTo('witness-2@example.com', 1)
    expect(smtp.messages.filter((m) => m.to === emails[5])).toHaveLength(1) // verification only
  })

  it('a form posted without JavaScript comes back with 303, never with the email in the URL', async () => {
    const response = await fetch(`${server.url}/api/auth/password-reset`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: SITE_URL, 'Sec-Fetch-Site': 'same-origin', ...newClient() },
      body: new URLSearchParams({ email: 'form@example.com' }),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/forgot-password?done=sent')
  })
})

describe('email verification', () => {
  it('sign-up sends a link; posting its token verifies the address, once', async () => {
    const email = 'verify@example.com'
    const cookie = await signUp(email)
    expect(await session(cookie)).toMatchObject({ email, emailVerified: false })
    const mail = await smtp.mailTo(email)
    expect(mail.subject).toBe('Confirm your email address for Coinvera')
    expect(linkIn(mail, '/verify-email').origin).toBe(SITE_URL)
    const token = tokenIn(mail, '/verify-email')

    const verify = (t: string) =>
      fetch(`${server.url}/api/auth/verify-email`, json({ token: t, ...{} }))
    expect((await verify(token)).status).toBe(204)
    expect(await session(cookie)).toMatchObject({ emailVerified: true })
    const again = await verify(token)
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ error: 'invalid_token' })
  })

  it('a verification link expires after 24 hours', async () => {
    const email = 'late-verify@example.com'
    const cookie = await signUp(email)
    const token = tokenIn(await smtp.mailTo(email), '/verify-email')
    server.clock.advance(24 * 60 * MINUTE + 1)
    const response = await fetch(`${server.url}/api/auth/verify-email`, json({ token }))
    expect(response.status).toBe(400)
    expect(await session(cookie)).toMatchObject({ emailVerified: false })
  })

  it('"send again" sends a new link, 3 times an hour at most', async () => {
    const email = 'again@example.com'
    const cookie = await signUp(email)
    await smtp.mailTo(email)
    for (let i = 1; i <= 3; i++) {
      const response = await post('/api/account/verification-email', {}, cookie)
      expect(response.status).toBe(202)
      await smtp.mailTo(email, i)
    }
    const refused = await post('/api/account/verification-email', {}, cookie)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    // The newest link works; the first was replaced.
    const newest = tokenIn(await smtp.mailTo(email, 3), '/verify-email')
    const first = tokenIn(await smtp.mailTo(email, 0), '/verify-email')
    expect(
      (await fetch(`${server.url}/api/auth/verify-email`, json({ token: first }))).status,
    ).toBe(400)
    expect(
      (await fetch(`${server.url}/api/auth/verify-email`, json({ token: newest }))).status,
    ).toBe(204)
    expect((await post('/api/account/verification-email', {}, '')).status).toBe(401)
  })
})

describe('the account', () => {
  it('change password: the current one is required, other sessions end, a notice is sent', async () => {
    const email = 'change@example.com'
    const cookie = await signUp(email)
    const other = await signIn(email, PASSWORD)
    const wrong = await post(
      '/api/account/password',
      { currentPassword: 'not-my-password-1', password: NEW_PASSWORD },
      cookie,
    )
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_password' })

    const changed = await post(
      '/api/account/password',
      { currentPassword: PASSWORD, password: NEW_PASSWORD },
      cookie,
    )
    expect(changed.status).toBe(204)
    expect(await session(cookie)).toMatchObject({ email })
    expect(await session(other.cookie)).toBeNull()
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200)
    expect((await smtp.mailTo(email, 1)).subject).toBe('Your Coinvera password was changed')
  })

  it('delete: with the password, the account and its sessions go, and the email can sign up again', async () => {
    const email = 'delete-me@example.com'
    const cookie = await signUp(email)
    expect(
      (await post('/api/account', { password: 'wrong-password-xx' }, cookie, 'DELETE')).status,
    ).toBe(403)
    const deleted = await post('/api/account', { password: PASSWORD }, cookie, 'DELETE')
    expect(deleted.status).toBe(204)
    expect(deleted.headers.getSetCookie().join()).toMatch(/Max-Age=0/)
    expect(await session(cookie)).toBeNull()
    expect((await signIn(email, PASSWORD)).status).toBe(401)
    await signUp(email)
  })

  it('answers 401 without a session', async () => {
    expect((await post('/api/account', { password: PASSWORD }, '', 'DELETE')).status).toBe(401)
    expect(
      (
        await post(
          '/api/account/password',
          { currentPassword: PASSWORD, password: NEW_PASSWORD },
          '',
        )
      ).status,
    ).toBe(401)
  })
})

describe('the mail queue', () => {
  it('a message queued while SMTP is down is sent once it is back, after the retry delay', async () => {
    const down = await startSmtpSink({ listening: false })
    // A database of its own: the file's server would send the message on the shared one.
    const s = await testServer({ SITE_URL, SMTP_URL: down.url }, { mailPollMs: 20 })
    const email = 'while-down@example.com'
    // The answer does not wait for SMTP.
    const response = await fetch(
      `${s.url}/api/auth`,
      json({ name: 'Ada', email, password: PASSWORD }),
    )
    expect(response.status).toBe(201)
    await s.logged((line) => line.msg === 'mail not sent; will try again')
    await down.up()
    // The first retry comes within a minute: 5 s after the failure.
    s.clock.advance(5000)
    expect((await down.mailTo(email)).subject).toBe('Confirm your email address for Coinvera')
    await down.stop()
  })

  it('and after a restart: another server on the same database sends it', async () => {
    const dataDir = await freshDataDir()
    const down = await startSmtpSink({ listening: false })
    try {
      const first = await startTestServer(
        { SITE_URL, SMTP_URL: down.url },
        { dataDir, mailPollMs: 20 },
      )
      const email = 'restart@example.com'
      const response = await fetch(
        `${first.url}/api/auth`,
        json({ name: 'Ada', email, password: PASSWORD }),
      )
      expect(response.status).toBe(201)
      await first.logged((line) => line.msg === 'mail not sent; will try again')
      await first.dispose()
      await down.up()
      const second = await startTestServer(
        { SITE_URL, SMTP_URL: down.url },
        { dataDir, mailPollMs: 20, clock: first.clock },
      )
      try {
        first.clock.advance(5000)
        const mail = await down.mailTo(email)
        expect(mail.subject).toBe('Confirm your email address for Coinvera')
        expect(down.messages).toHaveLength(1)
      } finally {
        await second.dispose()
      }
    } finally {
      await down.stop()
      removeDir(dataDir)
    }
  })
})
