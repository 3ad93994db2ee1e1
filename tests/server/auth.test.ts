import * as v from 'valibot'
import { describe, expect, it, onTestFinished } from 'vitest'
import { AccountSchema } from '@contract/sign-up'
import { openDb } from '../../server/db/client'
import { createLogger } from '../../server/logger'
import { freshDataDir, removeDir } from './helpers/pglite'
import {
  json,
  openTestDb,
  testServer,
  type TestServer,
  untilNotBusy,
  setUpTestDb,
  setUpTestServer,
} from './helpers/server'

const PASSWORD = 'violet-harbour-lantern-93'
const ErrorSchema = v.object({ error: v.string(), message: v.string() })

const testDb = setUpTestDb()
const server = setUpTestServer({}, { db: testDb })
// Every response body of this file, to check that none ever holds the password or its hash.
const bodies: string[] = []

async function signUp(body: unknown, init: RequestInit = {}) {
  const response = await untilNotBusy(() => fetch(`${server.url}/api/auth`, json(body, init)))
  const text = await response.text()
  bodies.push(text)
  return { response, text, body: text ? JSON.parse(text) : null }
}

async function send(init: RequestInit) {
  const response = await fetch(`${server.url}/api/auth`, { method: 'POST', ...init })
  const text = await response.text()
  bodies.push(text)
  return { response, body: JSON.parse(text) }
}

const person = (email: string) => ({ name: 'Ada Lovelace', email, password: PASSWORD })

describe('POST /api/auth', () => {
  it('creates an account: 201 with the account, never the password', async () => {
    const { response, body } = await signUp({
      name: '  Ada Lovelace ',
      email: 'ada@example.com',
      password: PASSWORD,
      phoneNumber: '+44 (20) 7946-0958',
      isAdmin: true,
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const account = v.parse(AccountSchema, body)
    expect(account).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+44 (20) 7946-0958',
    })
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'phoneNumber'])
    expect(new Date(account.createdAt).getTime()).toBe(server.clock.now())
  })

  it('stores an empty phone number as none', async () => {
    const { response, body } = await signUp({ ...person('no-phone@example.com'), phoneNumber: '' })
    expect(response.status).toBe(201)
    expect(body.phoneNumber).toBeNull()
  })

  it('400 validation_failed lists each field with its message', async () => {
    const { response, body } = await signUp({
      name: ' ',
      email: 'not-an-email',
      password: 'password',
      phoneNumber: '12',
    })
    expect(response.status).toBe(400)
    expect(body).toMatchObject({ error: 'validation_failed', message: expect.any(String) })
    expect(body.issues.map((issue: { field: string }) => issue.field).sort()).toEqual([
      'email',
      'name',
      'password',
      'phoneNumber',
    ])
  })

  it.each([
    ['a body that is not an object', []],
    ['null', null],
    ['a password too short', { ...person('short@example.com'), password: 'abc' }],
    ['a password too long', { ...person('long@example.com'), password: 'x'.repeat(129) }],
    ['a name too long', { ...person('name@example.com'), name: 'n'.repeat(101) }],
    ['an email too long', person(`${'e'.repeat(250)}@example.com`)],
    ['fields of the wrong type', { name: 1, email: true, password: {} }],
  ])('400 validation_failed for %s', async (_, input) => {
    const { response, body } = await signUp(input)
    expect(response.status).toBe(400)
    expect(body.error).toBe('validation_failed')
  })

  it('409 email_taken for the same email in another case', async () => {
    expect((await signUp(person('grace@example.com'))).response.status).toBe(201)
    const { response, body } = await signUp(person('GRACE@Example.COM'))
    expect(response.status).toBe(409)
    expect(v.parse(ErrorSchema, body).error).toBe('email_taken')
  })

  it('400 malformed_json for a body that is not JSON', async () => {
    const { response, body } = await send({
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": "Ada", ',
    })
    expect(response.status).toBe(400)
    expect(body.error).toBe('malformed_json')
  })

  it.each([
    ['text/plain', 'text/plain'],
    ['a multipart form', 'multipart/form-data; boundary=x'],
    ['JSON-like types', 'application/merge-patch+json'],
  ])('415 for %s', async (_, type) => {
    const { response, body } = await send({
      headers: { 'Content-Type': type, Origin: server.url },
      body: JSON.stringify(person('type@example.com')),
    })
    expect(response.status).toBe(415)
    expect(body.error).toBe('unsupported_media_type')
  })

  it('415 without a Content-Type', async () => {
    const { response, body } = await send({
      headers: { Origin: server.url },
      body: new Blob([JSON.stringify(person('none@example.com'))]),
    })
    expect(response.status).toBe(415)
    expect(body.error).toBe('unsupported_media_type')
  })

  it('accepts application/json with a charset', async () => {
    const { response } = await send({
      headers: { 'Content-Type': 'Application/JSON; charset=utf-8' },
      body: JSON.stringify(person('charset@example.com')),
    })
    expect(response.status).toBe(201)
  })

  it('413 for a body over 16 KiB, declared or streamed', async () => {
    const big = { ...person('big@example.com'), name: 'x'.repeat(17 * 1024) }
    const declared = await signUp(big)
    expect(declared.response.status).toBe(413)
    expect(declared.body.error).toBe('payload_too_large')

    const text = JSON.stringify(big)
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text))
        controller.close()
      },
    })
    const streamed = await send({
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.response.status).toBe(413)
  })

  it('403 forbidden_origin for another site, allowed for our own', async () => {
    for (const origin of ['https://evil.example', 'null', `${server.url}.evil.example`]) {
      const { response, body } = await signUp(person('csrf@example.com'), {
        headers: { Origin: origin },
      })
      expect(response.status, origin).toBe(403)
      expect(body.error).toBe('forbidden_origin')
    }
    const own = await signUp(person('own-origin@example.com'), { headers: { Origin: server.url } })
    expect(own.response.status).toBe(201)
  })

  it('405 for another method', async () => {
    const response = await fetch(`${server.url}/api/auth`)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect((await response.json()).error).toBe('method_not_allowed')
  })

  it('refuses a password from the long list of common ones, in any case or Unicode form', async () => {
    // Neither is on the site's own short list: the server is the authority.
    for (const password of ['Sunshine1', 'ｐａｓｓｗｏｒｄ１２３', 'iloveyou2']) {
      const { response, body } = await signUp({ ...person('common@example.com'), password })
      expect(response.status).toBe(400)
      expect(body).toEqual({
        error: 'validation_failed',
        message: 'Some fields need attention.',
        issues: [{ field: 'password', message: 'This password is too common. Choose another.' }],
      })
    }
  })

  it('50 concurrent sign-ups with one email: exactly one 201, the rest 409 (once not busy)', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signUp(person(i % 2 ? 'race@example.com' : 'RACE@example.com')),
      ),
    )
    const statuses = results.map((r) => r.response.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
  })

  it('never shows the password, its hash or an email in a response or a log line', async () => {
    expect(bodies.length).toBeGreaterThan(60)
    const texts = [...bodies, ...server.rawLogs].join('\n')
    expect(texts.includes(PASSWORD), 'password').toBe(false)
    expect(texts.includes('$argon2'), 'hash').toBe(false)
    expect(server.rawLogs.join('\n').includes('@example.com'), 'email in logs').toBe(false)
  })
})

describe('sign-up rate limit', () => {
  const limited = setUpTestServer({ SIGNUP_RATE_LIMIT: '3' }, { db: testDb })

  it('429 with Retry-After past the limit per minute, open again once the minute has passed', async () => {
    const post = (i: number) =>
      fetch(`${limited.url}/api/auth`, json(person(`limit-${i}@example.com`)))
    for (let i = 0; i < 3; i++) expect((await post(i)).status).toBe(201)
    const refused = await post(3)
    expect(refused.status).toBe(429)
    expect((await refused.json()).error).toBe('rate_limited')
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)

    limited.clock.advance(retryAfter * 1000)
    expect((await post(4)).status).toBe(201)
  })
})

describe('client address and site origin settings', () => {
  it('with TRUST_PROXY each forwarded client has its own limit; without, the header is ignored', async () => {
    const trusting = await testServer(
      { SIGNUP_RATE_LIMIT: '1', TRUST_PROXY: 'true' },
      { db: testDb },
    )
    const direct = await testServer({ SIGNUP_RATE_LIMIT: '1' }, { db: testDb })
    const post = (s: TestServer, email: string, forwardedFor: string) =>
      fetch(
        `${s.url}/api/auth`,
        json(person(email), { headers: { 'X-Forwarded-For': forwardedFor } }),
      )
    expect((await post(trusting, 'xff-1@example.com', '203.0.113.1')).status).toBe(201)
    expect((await post(trusting, 'xff-2@example.com', '203.0.113.2')).status).toBe(201)
    // Only the last hop counts: what a client writes in front cannot buy a new allowance.
    expect((await post(trusting, 'xff-3@example.com', '198.51.100.9, 203.0.113.2')).status).toBe(
      429,
    )
    expect((await post(direct, 'direct-1@example.com', '203.0.113.1')).status).toBe(201)
    expect((await post(direct, 'direct-2@example.com', '203.0.113.2')).status).toBe(429)
  })

  it('with TRUST_PROXY as a list, the header counts only when the peer is a listed proxy', async () => {
    // The tests connect from 127.0.0.1: listed, it is our proxy; otherwise a client like any.
    const proxied = await testServer(
      { SIGNUP_RATE_LIMIT: '1', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' },
      { db: testDb },
    )
    const elsewhere = await testServer(
      { SIGNUP_RATE_LIMIT: '1', TRUST_PROXY: '10.0.0.0/8, ::1' },
      { db: testDb },
    )
    const post = (s: TestServer, email: string, forwardedFor: string) =>
      fetch(
        `${s.url}/api/auth`,
        json(person(email), { headers: { 'X-Forwarded-For': forwardedFor } }),
      )
    expect((await post(proxied, 'list-1@example.com', '203.0.113.1')).status).toBe(201)
    expect((await post(proxied, 'list-2@example.com', '203.0.113.2, 10.9.8.7')).status).toBe(201)
    expect((await post(proxied, 'list-3@example.com', '203.0.113.2')).status).toBe(429)
    expect((await post(elsewhere, 'list-4@example.com', '203.0.113.3')).status).toBe(201)
    expect((await post(elsewhere, 'list-5@example.com', '203.0.113.4')).status).toBe(429)
  })

  it('with SITE_URL only that exact origin may post', async () => {
    const s = await testServer({ SITE_URL: 'https://coinvera.example' }, { db: testDb })
    const post = (email: string, origin: string) =>
      fetch(`${s.url}/api/auth`, json(person(email), { headers: { Origin: origin } }))
    expect((await post('site-1@example.com', 'https://coinvera.example')).status).toBe(201)
    expect((await post('site-2@example.com', s.url)).status).toBe(403)
    expect((await post('site-3@example.com', 'http://coinvera.example')).status).toBe(403)
  })
})

describe('storage', () => {
  it('keeps accounts across a stop and a restart', async () => {
    const dataDir = await freshDataDir()
    onTestFinished(() => removeDir(dataDir))
    const first = await testServer({}, { dataDir })
    const created = await fetch(`${first.url}/api/auth`, json(person('kept@example.com')))
    expect(created.status).toBe(201)
    await first.stop()

    // Only argon2id at OWASP's parameters is stored, never the password itself.
    const db = await openDb({ dataDir, databaseUrl: undefined }, createLogger('silent'))
    const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM accounts')
    await db.close()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(rows[0]?.password_hash).not.toContain(PASSWORD)

    const second = await testServer({}, { dataDir })
    const again = await fetch(`${second.url}/api/auth`, json(person('KEPT@example.com')))
    expect(again.status).toBe(409)
  })
})

describe('control characters and failed statements', () => {
  it.each([
    ['/api/auth', { ...person('nul@example.com'), name: 'Ada\u0000Lovelace' }, 'name'],
    ['/api/auth', { ...person('tab@example.com'), name: 'Ada\tLovelace' }, 'name'],
    ['/api/auth/session', { username: 'ada\u0000@example.com', password: PASSWORD }, 'username'],
    ['/api/auth/session', { username: 'ada\u001b[2J@example.com', password: PASSWORD }, 'username'],
  ])('%s refuses a control character with 400 and a field error', async (path, body, field) => {
    const response = await untilNotBusy(() => fetch(`${server.url}${path}`, json(body)))
    expect(response.status).toBe(400)
    const answer = await response.json()
    expect(answer).toMatchObject({ error: 'validation_failed', message: expect.any(String) })
    expect(answer.issues.map((issue: { field: string }) => issue.field)).toEqual([field])
  })

  it('a statement that fails is logged by its name and code, never its parameters', async () => {
    const own = await openTestDb()
    onTestFinished(() => own.close())
    const s = await testServer({}, { db: own })
    // Every new account is refused by the database itself.
    await own.db.query('ALTER TABLE accounts ADD CONSTRAINT refuse_all CHECK (false) NOT VALID')
    const email = 'logged-never@example.com'
    const response = await untilNotBusy(() => fetch(`${s.url}/api/auth`, json(person(email))))
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ error: 'internal_error' })
    const failed = await s.logged((line) => line.msg === 'request failed')
    expect(failed.err).toMatchObject({ statement: 'INSERT accounts', code: '23514' })
    const logs = s.rawLogs.join('\n')
    expect(logs).not.toContain(email)
    expect(logs).not.toContain('$argon2id')
  })
})
