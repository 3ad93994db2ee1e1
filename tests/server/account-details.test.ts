import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountResponseSchema } from '@contract/account-details'
import { SessionUserSchema } from '@contract/session'
import { type SmtpSink, linkIn, startSmtpSink, tokenIn } from '../support/smtp'
import { json, setUpTestDb, setUpTestServer, untilNotBusy } from './helpers/server'

// The account page's details: reading them, changing the name and phone number, and changing the
// address, which waits for the link mailed to the new one. Every message is caught by a real SMTP
// server and read back as a visitor would: by the link in it.

const SITE_URL = 'https://coinvera.test'
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
    SITE_URL,
    TRUST_PROXY: '1',
    MAIL_PER_ADDRESS_PER_HOUR: '3',
    SIGNIN_RATE_LIMIT: '30',
    get SMTP_URL() {
      return smtp.url
    },
  },
  { db: testDb, mailPollMs: 20 },
)

let addresses = 0
/** A client address of its own, so that tests do not share the per-address limits. */
const newClient = () => ({ 'X-Forwarded-For': `198.51.100.${++addresses}` })

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

async function signUp(email: string, phoneNumber?: string) {
  const response = await untilNotBusy(() =>
    fetch(
      `${server.url}/api/auth`,
      json(
        { name: 'Ada Lovelace', email, password: PASSWORD, phoneNumber },
        { headers: newClient() },
      ),
    ),
  )
  expect(response.status).toBe(201)
  return cookiesOf(response)
}

async function signIn(email: string) {
  const response = await untilNotBusy(() =>
    fetch(
      `${server.url}/api/auth/session`,
      json({ username: email, password: PASSWORD }, { headers: newClient() }),
    ),
  )
  await response.body?.cancel()
  return response.status
}

async function account(cookie: string) {
  const response = await fetch(`${server.url}/api/account`, { headers: { Cookie: cookie } })
  expect(response.status).toBe(200)
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  return v.parse(AccountResponseSchema, await response.json()).account
}

const post = (path: string, body: unknown, cookie: string, headers: Record<string, string> = {}) =>
  untilNotBusy(() =>
    fetch(
      `${server.url}${path}`,
      json(body, { headers: { Cookie: cookie, ...newClient(), ...headers } }),
    ),
  )

/** A form posted by the account page without its script: where the 303 sends the browser. */
async function postForm(path: string, fields: Record<string, string>, cookie: string) {
  const response = await untilNotBusy(() =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: cookie,
        Origin: SITE_URL,
        'Sec-Fetch-Site': 'same-origin',
        ...newClient(),
      },
      body: new URLSearchParams(fields),
    }),
  )
  expect(response.status).toBe(303)
  return response.headers.get('Location')
}

describe('GET /api/account', () => {
  it('answers what sign-up asked for, the address state and no pending change', async () => {
    const cookie = await signUp('read-me@example.com', '+44 20 7946 0958')
    expect(await account(cookie)).toEqual({
      id: expect.any(String),
      name: 'Ada Lovelace',
      email: 'read-me@example.com',
      phoneNumber: '+44 20 7946 0958',
      emailVerified: false,
      pendingEmail: null,
    })
    const without = await signUp('no-phone@example.com')
    expect(await account(without)).toMatchObject({ phoneNumber: null })
  })

  it('401 unauthenticated without a session', async () => {
    const response = await fetch(`${server.url}/api/account`)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({
      error: 'unauthenticated',
      message: expect.any(String),
    })
  })
})

describe('POST /api/account/details', () => {
  it('changes the name and phone number; the header’s session has the new name', async () => {
    const cookie = await signUp('details@example.com')
    const saved = await post(
      '/api/account/details',
      { name: '  Grace Hopper ', phoneNumber: '(555) 010-9999' },
      cookie,
    )
    expect(saved.status).toBe(204)
    expect(await account(cookie)).toMatchObject({
      name: 'Grace Hopper',
      phoneNumber: '(555) 010-9999',
      email: 'details@example.com',
    })
    const session = await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: cookie } })
    expect(v.parse(SessionUserSchema, await session.json()).user.name).toBe('Grace Hopper')

    // An empty phone number removes it.
    expect(
      (await post('/api/account/details', { name: 'Grace', phoneNumber: '' }, cookie)).status,
    ).toBe(204)
    expect(await account(cookie)).toMatchObject({ name: 'Grace', phoneNumber: null })
  })

  it('400 validation_failed by sign-up’s rules, field by field, and nothing changes', async () => {
    const cookie = await signUp('bad-details@example.com', '+1 555 0100')
    const refused = await post(
      '/api/account/details',
      { name: '   ', phoneNumber: 'call me' },
      cookie,
    )
    expect(refused.status).toBe(400)
    const body = await refused.json()
    expect(body).toMatchObject({ error: 'validation_failed', message: expect.any(String) })
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Enter your name.' },
        {
          field: 'phoneNumber',
          message: 'Use 6 to 20 digits, with an optional leading +, spaces, dashes or parentheses.',
        },
      ]),
    )
    const tooLong = await post('/api/account/details', { name: 'x'.repeat(101) }, cookie)
    expect(tooLong.status).toBe(400)
    const notJson = await untilNotBusy(() =>
      fetch(`${server.url}/api/account/details`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', ...newClient() },
        body: '{"name":',
      }),
    )
    expect(notJson.status).toBe(400)
    expect((await notJson.json()).error).toBe('malformed_json')
    expect(await account(cookie)).toMatchObject({
      name: 'Ada Lovelace',
      phoneNumber: '+1 555 0100',
    })
  })

  it('refuses another site’s request (403 forbidden_origin) and changes nothing', async () => {
    const cookie = await signUp('cross-site@example.com')
    const foreign: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
      { Origin: 'https://evil.example' },
    ]
    for (const headers of foreign) {
      const response = await post('/api/account/details', { name: 'Mallory' }, cookie, headers)
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ error: 'forbidden_origin' })
      const email = await post(
        '/api/account/email',
        { email: 'mallory@example.com', password: PASSWORD },
        cookie,
        headers,
      )
      expect(email.status).toBe(403)
    }
    expect(await account(cookie)).toMatchObject({ name: 'Ada Lovelace', pendingEmail: null })
  })

  it('401 without a session; 405 for another method', async () => {
    const response = await post('/api/account/details', { name: 'Nobody' }, '')
    expect(response.status).toBe(401)
    expect((await response.json()).error).toBe('unauthenticated')
    // Every form's endpoint takes POST alone.
    for (const path of [
      '/api/account/details',
      '/api/account/email',
      '/api/account/password',
      '/api/account/verification-email',
      '/api/account/delete',
      '/api/auth/password-reset',
      '/api/auth/password-reset/confirm',
      '/api/auth/verify-email',
    ]) {
      const put = await fetch(`${server.url}${path}`, { method: 'PUT' })
      expect(put.status, path).toBe(405)
      expect(put.headers.get('Allow'), path).toBe('POST')
    }
  })

  it('is limited per client address (SIGNIN_RATE_LIMIT a minute), with Retry-After', async () => {
    const cookie = await signUp('many-details@example.com')
    const client = { 'X-Forwarded-For': '192.0.2.77' }
    for (let i = 0; i < 30; i++) {
      const response = await post('/api/account/details', { name: `Ada ${i}` }, cookie, client)
      expect(response.status).toBe(204)
    }
    const limited = await post('/api/account/details', { name: 'Ada 31' }, cookie, client)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' })
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await account(cookie)).toMatchObject({ name: 'Ada 29' })
  })

  it('a form posted without JavaScript comes back to /account with a code, never the values', async () => {
    const cookie = await signUp('form-details@example.com')
    expect(
      await postForm(
        '/api/account/details',
        { name: 'Ada King', phoneNumber: '+44 1632 960' },
        cookie,
      ),
    ).toBe('/account?done=details_saved')
    expect(await account(cookie)).toMatchObject({ name: 'Ada King', phoneNumber: '+44 1632 960' })
    expect(await postForm('/api/account/details', { name: '', phoneNumber: '12' }, cookie)).toBe(
      '/account?error=validation_failed',
    )
    expect(await postForm('/api/account/details', { name: 'Ada' }, '')).toBe(
      '/account?error=unauthenticated',
    )
  })
})

describe('changing the address', () => {
  it('waits for the link mailed to the new address, then changes it and tells the old one', async () => {
    const old = 'moving@example.com'
    const next = 'Moved@Example.org'
    const cookie = await signUp(old)
    await smtp.mailTo(old) // sign-up's verification

    const wrong = await post(
      '/api/account/email',
      { email: next, password: 'not-it-at-all' },
      cookie,
    )
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_password' })

    const asked = await post('/api/account/email', { email: next, password: PASSWORD }, cookie)
    expect(asked.status).toBe(202)
    const mail = await smtp.mailTo('moved@example.org')
    expect(mail.subject).toBe('Confirm your new email address for Coinvera')
    expect(linkIn(mail, '/verify-email').origin).toBe(SITE_URL)
    // Nothing changes before the link is opened.
    expect(await account(cookie)).toMatchObject({ email: old, pendingEmail: next })
    expect(await signIn(old)).toBe(200)
    expect(await signIn(next)).toBe(401)

    const confirm = (token: string) =>
      untilNotBusy(() => fetch(`${server.url}/api/auth/verify-email`, json({ token })))
    const token = tokenIn(mail, '/verify-email')
    expect((await confirm(token)).status).toBe(204)
    expect(await account(cookie)).toMatchObject({
      email: next,
      emailVerified: true,
      pendingEmail: null,
    })
    expect(await signIn(next)).toBe(200)
    expect(await signIn(old)).toBe(401)
    const notice = await smtp.mailTo(old, 1)
    expect(notice.subject).toBe('Your Coinvera email address was changed')
    expect(notice.text).not.toContain('moved@example.org')
    // The link works once; the old address's verification link no longer acts on the account.
    const again = await confirm(token)
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ error: 'invalid_token' })
    expect((await confirm(tokenIn(await smtp.mailTo(old), '/verify-email'))).status).toBe(400)
  })

  it('refuses an address another account has, in any spelling (409 email_taken), and its own', async () => {
    await signUp('taken@example.com')
    const cookie = await signUp('wants-taken@example.com')
    for (const email of ['taken@example.com', ' TAKEN@Example.COM ']) {
      const response = await post('/api/account/email', { email, password: PASSWORD }, cookie)
      expect(response.status, email).toBe(409)
      expect(await response.json()).toMatchObject({
        error: 'email_taken',
        message: 'An account with this email address already exists.',
      })
    }
    const own = await post(
      '/api/account/email',
      { email: 'Wants-Taken@example.com', password: PASSWORD },
      cookie,
    )
    expect(own.status).toBe(400)
    expect((await own.json()).issues).toEqual([
      { field: 'email', message: 'This is your address already.' },
    ])
    const invalid = await post(
      '/api/account/email',
      { email: 'not-an-address', password: '' },
      cookie,
    )
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).issues.map((issue: { field: string }) => issue.field)).toEqual([
      'email',
      'password',
    ])
    expect(await account(cookie)).toMatchObject({
      email: 'wants-taken@example.com',
      pendingEmail: null,
    })
    await smtp.mailTo('taken@example.com') // its own sign-up's, and nothing more
    expect(smtp.messages.filter((m) => m.to === 'taken@example.com')).toHaveLength(1)
  })

  it('an address taken between the request and the link stays with its new owner', async () => {
    const cookie = await signUp('slow-mover@example.com')
    expect(
      (await post('/api/account/email', { email: 'raced@example.com', password: PASSWORD }, cookie))
        .status,
    ).toBe(202)
    const token = tokenIn(await smtp.mailTo('raced@example.com'), '/verify-email')
    await signUp('raced@example.com')
    const response = await untilNotBusy(() =>
      fetch(`${server.url}/api/auth/verify-email`, json({ token })),
    )
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      error: 'email_taken',
      message: 'Another account uses this address now. Your address was not changed.',
    })
    expect(await account(cookie)).toMatchObject({
      email: 'slow-mover@example.com',
      pendingEmail: null,
    })
  })

  it('the same, from the confirmation page without JavaScript: back to it with the code', async () => {
    const cookie = await signUp('slow-form@example.com')
    await post(
      '/api/account/email',
      { email: 'raced-form@example.com', password: PASSWORD },
      cookie,
    )
    const token = tokenIn(await smtp.mailTo('raced-form@example.com'), '/verify-email')
    await signUp('raced-form@example.com')
    expect(await postForm('/api/auth/verify-email', { token }, '')).toBe(
      '/verify-email?error=email_taken',
    )
    expect(await account(cookie)).toMatchObject({ email: 'slow-form@example.com' })
  })

  it('a new request replaces the pending one; the change link expires after 24 hours', async () => {
    const cookie = await signUp('twice@example.com')
    await post(
      '/api/account/email',
      { email: 'first-choice@example.com', password: PASSWORD },
      cookie,
    )
    await post(
      '/api/account/email',
      { email: 'second-choice@example.com', password: PASSWORD },
      cookie,
    )
    expect(await account(cookie)).toMatchObject({ pendingEmail: 'second-choice@example.com' })
    const first = tokenIn(await smtp.mailTo('first-choice@example.com'), '/verify-email')
    const confirm = (token: string) =>
      untilNotBusy(() => fetch(`${server.url}/api/auth/verify-email`, json({ token })))
    expect((await confirm(first)).status).toBe(400)
    const second = tokenIn(await smtp.mailTo('second-choice@example.com'), '/verify-email')
    server.clock.advance(24 * 60 * 60_000 + 1)
    expect(await account(cookie)).toMatchObject({ pendingEmail: null })
    expect((await confirm(second)).status).toBe(400)
    expect(await account(cookie)).toMatchObject({ email: 'twice@example.com' })
  })

  it('sends the new address at most MAIL_PER_ADDRESS_PER_HOUR messages; past it the same 202', async () => {
    const cookie = await signUp('flooder@example.com')
    const target = 'flooded@example.com'
    for (let i = 0; i < 4; i++) {
      const response = await post(
        '/api/account/email',
        { email: target, password: PASSWORD },
        cookie,
      )
      expect(response.status).toBe(202)
    }
    await smtp.mailTo(target, 2)
    // The queue has nothing more for it: a fourth message would be on its way by now.
    await post(
      '/api/account/email',
      { email: 'flooded-other@example.com', password: PASSWORD },
      cookie,
    )
    await smtp.mailTo('flooded-other@example.com')
    expect(smtp.messages.filter((m) => m.to === target)).toHaveLength(3)
  })

  it('a form posted without JavaScript: done, or the code of what went wrong', async () => {
    const cookie = await signUp('form-mover@example.com')
    await signUp('form-taken@example.com')
    expect(
      await postForm(
        '/api/account/email',
        { email: 'form-taken@example.com', password: PASSWORD },
        cookie,
      ),
    ).toBe('/account?error=email_taken')
    expect(
      await postForm(
        '/api/account/email',
        { email: 'form-new@example.com', password: 'wrong-one-x' },
        cookie,
      ),
    ).toBe('/account?error=invalid_password')
    expect(
      await postForm(
        '/api/account/email',
        { email: 'form-new@example.com', password: PASSWORD },
        cookie,
      ),
    ).toBe('/account?done=email_change_sent')
    expect(await account(cookie)).toMatchObject({ pendingEmail: 'form-new@example.com' })
  })
})
