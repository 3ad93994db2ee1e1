import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { SessionUserSchema } from '@contract/session'
import { MAX_BODY_BYTES } from '../../server/middleware/request-body'
import { json, testServer, type TestServer, setUpTestDb, setUpTestServer } from './helpers/server'

// Sign-up and sign-in posted as plain HTML forms: JavaScript off, or a submit before the page's
// script has run.

const PASSWORD = 'amber-orchard-signal-58'

const testDb = setUpTestDb()
const server = setUpTestServer({}, { db: testDb })

/** What Chromium sends with a form the site's own page posts. */
const fromOwnPage = () => ({ Origin: server.url, 'Sec-Fetch-Site': 'same-origin' })

async function post(
  path: '/api/auth' | '/api/auth/session',
  fields: Record<string, string>,
  headers: Record<string, string> = fromOwnPage(),
  s: TestServer = server,
) {
  const response = await fetch(`${s.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers,
    body: new URLSearchParams(fields),
  })
  const text = await response.text()
  return { response, text, location: response.headers.get('Location') }
}

const signUpFields = (email: string) => ({
  name: 'Katherine Johnson',
  email,
  password: PASSWORD,
  phoneNumber: '',
})

/** The session cookies a response sets, as a Cookie header for the next request. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

async function whoIsSignedIn(response: Response) {
  const answer = await fetch(`${server.url}/api/auth/session`, {
    headers: { Cookie: cookieHeader(response) },
  })
  if (answer.status !== 200) return null
  return v.parse(SessionUserSchema, await answer.json()).user
}

describe('a sign-up form post', () => {
  it('creates the account, signs it in and sends the browser home with 303', async () => {
    const { response, text, location } = await post('/api/auth', signUpFields('kj@example.com'))
    expect(response.status).toBe(303)
    expect(location).toBe('/')
    expect(text).toBe('')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await whoIsSignedIn(response)).toMatchObject({
      name: 'Katherine Johnson',
      email: 'kj@example.com',
    })
  })

  it('goes back to the form with validation_failed, keeping what was typed out of the URL', async () => {
    const { response, location } = await post('/api/auth', {
      ...signUpFields('not-an-email'),
      password: 'short',
    })
    expect(response.status).toBe(303)
    expect(location).toBe('/signup?error=validation_failed')
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('goes back with email_taken for an address that has an account', async () => {
    await post('/api/auth', signUpFields('taken@example.com'))
    const { location } = await post('/api/auth', signUpFields('taken@example.com'))
    expect(location).toBe('/signup?error=email_taken')
  })

  it('goes back with validation_failed for a body over the limit', async () => {
    const { response, location } = await post('/api/auth', {
      ...signUpFields('big@example.com'),
      name: 'x'.repeat(MAX_BODY_BYTES),
    })
    expect(response.status).toBe(303)
    expect(location).toBe('/signup?error=validation_failed')
  })

  it('counts toward the sign-up rate limit and goes back with rate_limited past it', async () => {
    const limited = await testServer({ SIGNUP_RATE_LIMIT: '1' }, { db: testDb })
    const headers = { Origin: limited.url, 'Sec-Fetch-Site': 'same-origin' }
    const first = await post('/api/auth', signUpFields('rl1@example.com'), headers, limited)
    expect(first.location).toBe('/')
    const second = await post('/api/auth', signUpFields('rl2@example.com'), headers, limited)
    expect(second.location).toBe('/signup?error=rate_limited')
    // A JSON sign-up shares the same count.
    const third = await fetch(
      `${limited.url}/api/auth`,
      json({ name: 'A', email: 'rl3@example.com', password: PASSWORD }),
    )
    expect(third.status).toBe(429)
  })
})

describe('a sign-in form post', () => {
  beforeAll(async () => {
    await post('/api/auth', signUpFields('signin@example.com'))
  })

  it('signs in and sends the browser home with 303', async () => {
    const { response, location } = await post('/api/auth/session', {
      username: 'SignIn@Example.com',
      password: PASSWORD,
    })
    expect(response.status).toBe(303)
    expect(location).toBe('/')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await whoIsSignedIn(response)).toMatchObject({ email: 'signin@example.com' })
  })

  it('goes back with invalid_credentials, then rate_limited after five failures', async () => {
    const wrong = { username: 'signin@example.com', password: 'not the password' }
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { response, location } = await post('/api/auth/session', wrong)
      expect(response.status).toBe(303)
      expect(location).toBe('/signin?error=invalid_credentials')
      expect(response.headers.getSetCookie()).toEqual([])
    }
    const { location } = await post('/api/auth/session', wrong)
    expect(location).toBe('/signin?error=rate_limited')
  })

  it('goes back with validation_failed when a field is empty', async () => {
    const { location } = await post('/api/auth/session', { username: '', password: '' })
    expect(location).toBe('/signin?error=validation_failed')
  })
})

describe('where a form post sends the browser back to', () => {
  it.each([
    ['/api/auth', '/a/..//evil.example/x', () => signUpFields('return@example.com')],
    [
      '/api/auth/session',
      '/.//evil.example/phish',
      () => ({ username: 'return@example.com', password: PASSWORD }),
    ],
    [
      '/api/auth/session',
      '/%2e%2e//evil.example/x',
      () => ({ username: 'return@example.com', password: PASSWORD }),
    ],
  ] as const)('%s?return=%s goes home, never to another host', async (path, back, fields) => {
    const response = await fetch(`${server.url}${path}?return=${encodeURIComponent(back)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: fromOwnPage(),
      body: new URLSearchParams(fields()),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/')
  })
})

describe('where a form post may come from', () => {
  beforeAll(async () => {
    await post('/api/auth', signUpFields('origin@example.com'))
  })
  const fields = () => ({ username: 'origin@example.com', password: PASSWORD })

  it.each([
    ['another site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    ['a sibling site', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://evil.localhost' }],
    ['a cross-site request that hides its origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a foreign Origin from a browser without Sec-Fetch-Site', { Origin: 'https://evil.example' }],
    ['a sandboxed page (Origin: null)', { Origin: 'null' }],
    ['a browser that says neither', {}],
  ])('refuses %s: 403 forbidden_origin, no redirect, no session', async (_, headers) => {
    for (const path of ['/api/auth', '/api/auth/session'] as const) {
      const { response, text } = await post(path, fields(), headers)
      expect(response.status).toBe(403)
      expect(JSON.parse(text)).toMatchObject({ error: 'forbidden_origin' })
      expect(response.headers.getSetCookie()).toEqual([])
    }
  })

  it.each([
    ['the same origin', () => fromOwnPage()],
    ['the visitor’s own action (Sec-Fetch-Site: none)', () => ({ 'Sec-Fetch-Site': 'none' })],
    ['a browser without Sec-Fetch-Site, same Origin', () => ({ Origin: server.url })],
    // A page served with Referrer-Policy: no-referrer (opened from an emailed link).
    [
      'a page of ours without referrer (Origin: null, Sec-Fetch-Site: same-origin)',
      () => ({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }),
    ],
  ])('accepts %s', async (_, headers) => {
    const { response, location } = await post('/api/auth/session', fields(), headers())
    expect(response.status).toBe(303)
    expect(location).toBe('/')
  })

  it('refuses a cross-site JSON request too', async () => {
    const response = await fetch(
      `${server.url}/api/auth/session`,
      json(fields(), { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
    )
    expect(response.status).toBe(403)
    expect((await response.json()).error).toBe('forbidden_origin')
  })
})

describe('a state-changing POST that is not JSON', () => {
  // What a page on another site can send without asking first, none saying where it came from.
  const bodies: [string, Record<string, string>, BodyInit | undefined][] = [
    ['no body', {}, undefined],
    ['text/plain', { 'Content-Type': 'text/plain' }, 'x'],
    ['multipart', { 'Content-Type': 'multipart/form-data; boundary=b' }, '--b--\r\n'],
    ['a form', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'x=1'],
  ]
  const paths = [
    '/api/alerts/00000000-0000-4000-8000-000000000000/delete',
    '/api/alerts/00000000-0000-4000-8000-000000000000/rearm',
    '/api/account/verification-email',
    '/api/auth/sessions/delete',
  ]

  it.each(
    paths.flatMap((path) =>
      bodies.map(([kind, headers, body]) => [path, kind, headers, body] as const),
    ),
  )(
    '%s with %s and neither Origin nor Sec-Fetch-Site: 403 forbidden_origin',
    async (path, _, headers, body) => {
      const signedUp = await post('/api/auth', signUpFields(`proof-${Math.random()}@example.com`))
      const cookie = cookieHeader(signedUp.response)
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...headers, Cookie: cookie },
        body,
      })
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ error: 'forbidden_origin' })
      // Still signed in: nothing was done.
      expect(await whoIsSignedIn(signedUp.response)).not.toBeNull()
    },
  )
})

describe('what the server writes down', () => {
  it('never logs a password, nor puts an email in a URL it answers with', () => {
    const logs = server.rawLogs.join('\n')
    // The form posts above were logged, as every request is: with their status, not their body.
    expect(server.logs.some((line) => JSON.stringify(line).includes('/api/auth/session'))).toBe(
      true,
    )
    expect(logs).not.toContain(PASSWORD)
    expect(logs).not.toContain('not the password')
    expect(logs).not.toMatch(/Location[^\n]*@/)
  })
})
