import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { SessionUserSchema } from '@contract/session'
import { json, testServer, type TestServer, setUpTestDb, setUpTestServer } from './helpers/server'

const PASSWORD = 'quiet-meadow-copper-71'
const WEEK_S = 7 * 24 * 60 * 60
const COOKIE = 'coinvera_session'

const testDb = setUpTestDb()
const server = setUpTestServer({}, { db: testDb })

type Cookie = { value: string; attributes: Map<string, string> }

/** The cookie a response sets (the session's by default), with its attributes in lower case. */
function sessionCookie(response: Response, cookieName = COOKIE): Cookie | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair = '', ...rest] = header.split(';').map((part) => part.trim())
    const [name, value = ''] = pair.split('=')
    if (name !== cookieName) continue
    const attributes = new Map<string, string>()
    for (const attribute of rest) {
      const [key = '', val = ''] = attribute.split('=')
      attributes.set(key.toLowerCase(), val)
    }
    return { value, attributes }
  }
  return undefined
}

const person = (email: string) => ({ name: 'Grace Hopper', email, password: PASSWORD })

async function signUp(s: TestServer, email: string) {
  const response = await fetch(`${s.url}/api/auth`, json(person(email)))
  expect(response.status).toBe(201)
  return response
}

async function signIn(
  s: TestServer,
  username: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
) {
  const response = await fetch(
    `${s.url}/api/auth/session`,
    json({ username, password }, { headers }),
  )
  const text = await response.text()
  return { response, text, body: text ? JSON.parse(text) : null }
}

const withCookie = (token: string) => ({ headers: { Cookie: `${COOKIE}=${token}` } })

async function whoAmI(s: TestServer, token: string) {
  return fetch(`${s.url}/api/auth/session`, withCookie(token))
}

describe('sessions', () => {
  it('sign-up signs the new account in: an HttpOnly, SameSite=Lax cookie for 7 days', async () => {
    const response = await signUp(server, 'new@example.com')
    const cookie = sessionCookie(response)
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(cookie?.attributes.has('httponly')).toBe(true)
    expect(cookie?.attributes.get('samesite')).toBe('Lax')
    expect(cookie?.attributes.get('path')).toBe('/')
    expect(cookie?.attributes.get('max-age')).toBe(String(WEEK_S))
    expect(cookie?.attributes.has('secure')).toBe(false)
    // The companion cookie only says "signed in" to the page's script; it holds no secret.
    const hint = sessionCookie(response, 'coinvera_signed_in')
    expect(hint?.value).toBe('1')
    expect(hint?.attributes.has('httponly')).toBe(false)
    expect(hint?.attributes.get('max-age')).toBe(String(WEEK_S))

    const me = await whoAmI(server, cookie?.value ?? '')
    expect(me.status).toBe(200)
    expect(me.headers.get('cache-control')).toBe('no-store')
    const body = await me.json()
    expect(body).toEqual({
      user: {
        id: expect.any(String),
        name: 'Grace Hopper',
        email: 'new@example.com',
        emailVerified: false,
      },
    })
  })

  it('POST /api/auth/session: 200 with the user for the email in any case, a new token each time', async () => {
    await signUp(server, 'case@example.com')
    const first = await signIn(server, '  CASE@Example.com ')
    expect(first.response.status).toBe(200)
    expect(first.response.headers.get('cache-control')).toBe('no-store')
    expect(v.parse(SessionUserSchema, first.body).user).toMatchObject({
      name: 'Grace Hopper',
      email: 'case@example.com',
    })
    expect(Object.keys(first.body.user).sort()).toEqual(['email', 'emailVerified', 'id', 'name'])
    const second = await signIn(server, 'case@example.com')
    const a = sessionCookie(first.response)?.value ?? ''
    const b = sessionCookie(second.response)?.value ?? ''
    expect(a).not.toBe(b)
    expect((await whoAmI(server, a)).status).toBe(200)
    expect((await whoAmI(server, b)).status).toBe(200)
  })

  it('stores only the SHA-256 of the token', async () => {
    const response = await signUp(server, 'hashed@example.com')
    const token = sessionCookie(response)?.value ?? ''
    const { rows } = await testDb.db.query<{ token_hash: string }>(
      `SELECT s.token_hash FROM sessions s JOIN accounts a ON a.id = s.account_id
       WHERE a.email = 'hashed@example.com'`,
    )
    expect(rows.map((row) => row.token_hash)).toEqual([
      createHash('sha256').update(token).digest('hex'),
    ])
  })

  it('a wrong password and an unknown email get the same 401, with no cookie', async () => {
    await signUp(server, 'same@example.com')
    const wrong = await signIn(server, 'same@example.com', 'not-the-password')
    const unknown = await signIn(server, 'nobody@example.com', PASSWORD)
    for (const { response, body } of [wrong, unknown]) {
      expect(response.status).toBe(401)
      expect(body).toEqual({
        error: 'invalid_credentials',
        message: 'Invalid username or password',
      })
      expect(response.headers.getSetCookie()).toEqual([])
    }
    expect(wrong.text).toBe(unknown.text)
    const headerNames = (r: Response) => [...r.headers.keys()].filter((k) => k !== 'date').sort()
    expect(headerNames(wrong.response)).toEqual(headerNames(unknown.response))
  })

  it('GET /api/auth/session: 401 without a cookie; an unknown token is cleared', async () => {
    const none = await fetch(`${server.url}/api/auth/session`)
    expect(none.status).toBe(401)
    expect((await none.json()).error).toBe('unauthenticated')
    expect(none.headers.getSetCookie()).toEqual([])

    const forged = await whoAmI(server, 'x'.repeat(43))
    expect(forged.status).toBe(401)
    expect(sessionCookie(forged)?.value).toBe('')
    expect(sessionCookie(forged)?.attributes.get('max-age')).toBe('0')
    expect(sessionCookie(forged, 'coinvera_signed_in')?.attributes.get('max-age')).toBe('0')
  })

  it('DELETE /api/auth/session: 204, the cookie cleared, the token dead', async () => {
    const token = sessionCookie(await signUp(server, 'bye@example.com'))?.value ?? ''
    const out = await fetch(`${server.url}/api/auth/session`, {
      method: 'DELETE',
      ...withCookie(token),
    })
    expect(out.status).toBe(204)
    expect(await out.text()).toBe('')
    const cleared = sessionCookie(out)
    expect(cleared?.value).toBe('')
    expect(cleared?.attributes.get('max-age')).toBe('0')
    expect(cleared?.attributes.get('path')).toBe('/')
    expect(sessionCookie(out, 'coinvera_signed_in')?.attributes.get('max-age')).toBe('0')
    expect((await whoAmI(server, token)).status).toBe(401)
    // Signing out twice, or while signed out, is still a sign-out.
    const again = await fetch(`${server.url}/api/auth/session`, { method: 'DELETE' })
    expect(again.status).toBe(204)
  })

  it('sessions expire after 7 days and are then deleted', async () => {
    const token = sessionCookie(await signUp(server, 'week@example.com'))?.value ?? ''
    const hash = createHash('sha256').update(token).digest('hex')
    const count = async () =>
      Number(
        (
          await testDb.db.query<{ n: number }>(
            'SELECT count(*) AS n FROM sessions WHERE token_hash = $1',
            [hash],
          )
        ).rows[0]?.n,
      )
    server.clock.advance(WEEK_S * 1000 - 1000)
    expect((await whoAmI(server, token)).status).toBe(200)
    server.clock.advance(1000)
    const expired = await whoAmI(server, token)
    expect(expired.status).toBe(401)
    expect(sessionCookie(expired)?.value).toBe('')
    expect(await count()).toBe(0)
  })

  it('a sign-in sweeps every expired session', async () => {
    await signUp(server, 'sweep@example.com')
    server.clock.advance(WEEK_S * 1000)
    const before = await testDb.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM sessions WHERE expires_at <= $1',
      [new Date(server.clock.now()).toISOString()],
    )
    expect(Number(before.rows[0]?.n)).toBeGreaterThan(0)
    expect((await signIn(server, 'sweep@example.com')).response.status).toBe(200)
    const after = await testDb.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM sessions WHERE expires_at <= $1',
      [new Date(server.clock.now()).toISOString()],
    )
    expect(Number(after.rows[0]?.n)).toBe(0)
  })

  it('400 validation_failed, 415, 400 malformed_json and 403 as for sign-up', async () => {
    const missing = await signIn(server, '', '')
    expect(missing.response.status).toBe(400)
    expect(missing.body.error).toBe('validation_failed')
    expect(missing.body.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'password',
      'username',
    ])

    const text = await fetch(`${server.url}/api/auth/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: server.url },
      body: JSON.stringify({ username: 'a@example.com', password: PASSWORD }),
    })
    expect(text.status).toBe(415)

    const broken = await fetch(`${server.url}/api/auth/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username": ',
    })
    expect(broken.status).toBe(400)
    expect((await broken.json()).error).toBe('malformed_json')

    await signUp(server, 'origin@example.com')
    const foreign = await signIn(server, 'origin@example.com', PASSWORD, {
      Origin: 'https://evil.example',
    })
    expect(foreign.response.status).toBe(403)
    expect(foreign.body.error).toBe('forbidden_origin')
    const token = sessionCookie(await signUp(server, 'origin-out@example.com'))?.value ?? ''
    const foreignOut = await fetch(`${server.url}/api/auth/session`, {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example', Cookie: `${COOKIE}=${token}` },
    })
    expect(foreignOut.status).toBe(403)
    expect((await whoAmI(server, token)).status).toBe(200)
  })

  it('never logs a password, an email or a session token', async () => {
    const token = sessionCookie(await signUp(server, 'quiet@example.com'))?.value ?? ''
    await whoAmI(server, token)
    await signIn(server, 'quiet@example.com', 'a wrong password')
    const logs = server.rawLogs.join('\n')
    expect(server.rawLogs.length).toBeGreaterThan(10)
    expect(logs.includes(PASSWORD)).toBe(false)
    expect(logs.includes('a wrong password')).toBe(false)
    expect(logs.includes('@example.com')).toBe(false)
    expect(logs.includes(token)).toBe(false)
  })

  it('405 with Allow for another method', async () => {
    const response = await fetch(`${server.url}/api/auth/session`, { method: 'PUT' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, POST, DELETE')
  })

  it('a sign-in rotates the session: the session the browser came with is deleted', async () => {
    const planted = sessionCookie(await signUp(server, 'rotate@example.com'))?.value ?? ''
    expect((await whoAmI(server, planted)).status).toBe(200)
    const again = await signIn(server, 'rotate@example.com', PASSWORD, {
      Cookie: `${COOKIE}=${planted}`,
    })
    expect(again.response.status).toBe(200)
    const fresh = sessionCookie(again.response)?.value ?? ''
    expect(fresh).not.toBe(planted)
    expect((await whoAmI(server, fresh)).status).toBe(200)
    expect((await whoAmI(server, planted)).status).toBe(401)
    const { rows } = await testDb.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [
      createHash('sha256').update(planted).digest('hex'),
    ])
    expect(rows).toHaveLength(0)
  })

  it('a failed sign-in leaves the session the browser came with alone', async () => {
    const token = sessionCookie(await signUp(server, 'keep@example.com'))?.value ?? ''
    const wrong = await signIn(server, 'keep@example.com', 'not-my-password', {
      Cookie: `${COOKIE}=${token}`,
    })
    expect(wrong.response.status).toBe(401)
    expect((await whoAmI(server, token)).status).toBe(200)
  })

  it('NFKC: a password typed in another Unicode form signs in', async () => {
    const composed = 'caf\u00e9-au-lait-42'
    const decomposed = 'cafe\u0301-au-lait-42'
    const response = await fetch(
      `${server.url}/api/auth`,
      json({ name: 'Zoé', email: 'nfkc@example.com', password: decomposed }),
    )
    expect(response.status).toBe(201)
    expect((await signIn(server, 'nfkc@example.com', composed)).response.status).toBe(200)
    expect((await signIn(server, 'nfkc@example.com', 'cafe-au-lait-42')).response.status).toBe(401)
  })
})

describe('DELETE /api/auth/sessions: sign out everywhere', () => {
  it('ends every session of the account, and no other account’s', async () => {
    const first = sessionCookie(await signUp(server, 'everywhere@example.com'))?.value ?? ''
    const phone = sessionCookie((await signIn(server, 'everywhere@example.com')).response)
    const laptop = sessionCookie((await signIn(server, 'everywhere@example.com')).response)
    const other = sessionCookie(await signUp(server, 'bystander@example.com'))?.value ?? ''
    for (const token of [first, phone?.value, laptop?.value, other]) {
      expect((await whoAmI(server, token ?? '')).status).toBe(200)
    }

    const out = await fetch(`${server.url}/api/auth/sessions`, {
      method: 'DELETE',
      ...withCookie(laptop?.value ?? ''),
    })
    expect(out.status).toBe(204)
    expect(await out.text()).toBe('')
    expect(sessionCookie(out)?.attributes.get('max-age')).toBe('0')
    expect(sessionCookie(out, 'coinvera_signed_in')?.attributes.get('max-age')).toBe('0')
    for (const token of [first, phone?.value, laptop?.value]) {
      expect((await whoAmI(server, token ?? '')).status).toBe(401)
    }
    expect((await whoAmI(server, other)).status).toBe(200)
  })

  it('401 without a live session, 403 from another site, 405 for another method', async () => {
    const none = await fetch(`${server.url}/api/auth/sessions`, { method: 'DELETE' })
    expect(none.status).toBe(401)
    expect((await none.json()).error).toBe('unauthenticated')
    const forged = await fetch(`${server.url}/api/auth/sessions`, {
      method: 'DELETE',
      ...withCookie('x'.repeat(43)),
    })
    expect(forged.status).toBe(401)
    expect(sessionCookie(forged)?.attributes.get('max-age')).toBe('0')

    const token = sessionCookie(await signUp(server, 'csrf-all@example.com'))?.value ?? ''
    const foreign = await fetch(`${server.url}/api/auth/sessions`, {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example', Cookie: `${COOKIE}=${token}` },
    })
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).error).toBe('forbidden_origin')
    expect((await whoAmI(server, token)).status).toBe(200)

    const post = await fetch(`${server.url}/api/auth/sessions`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('DELETE')
  })
})

describe('brute force', () => {
  const guarded = setUpTestServer({ TRUST_PROXY: 'true' }, { db: testDb })
  beforeAll(async () => {
    await signUp(guarded, 'target@example.com')
    await signUp(guarded, 'other@example.com')
  })
  const from = (address: string) => ({ 'X-Forwarded-For': address })

  it('after 5 failures for one account from one address: 429 with Retry-After, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const attempt = await signIn(guarded, 'target@example.com', `wrong-${i}`, from('203.0.113.7'))
      expect(attempt.response.status).toBe(401)
    }
    const blocked = await signIn(guarded, 'TARGET@example.com', PASSWORD, from('203.0.113.7'))
    expect(blocked.response.status).toBe(429)
    expect(blocked.body.error).toBe('rate_limited')
    expect(blocked.response.headers.getSetCookie()).toEqual([])
    const retryAfter = Number(blocked.response.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)

    // Another address, or another account from the same address, is not affected.
    expect(
      (await signIn(guarded, 'target@example.com', PASSWORD, from('203.0.113.8'))).response.status,
    ).toBe(200)
    expect(
      (await signIn(guarded, 'other@example.com', PASSWORD, from('203.0.113.7'))).response.status,
    ).toBe(200)

    guarded.clock.advance(retryAfter * 1000)
    expect(
      (await signIn(guarded, 'target@example.com', PASSWORD, from('203.0.113.7'))).response.status,
    ).toBe(200)
  })

  it('another spelling of the address is the same account and the same count, or neither', async () => {
    await signUp(guarded, 'alice@example.com')
    for (let i = 0; i < 5; i++) {
      await signIn(guarded, 'alice@example.com', `wrong-${i}`, from('203.0.113.20'))
    }
    // The dotted capital I is not an "i": no account, and no sign-in past Alice's limit.
    const dotted = await signIn(guarded, 'al\u0130ce@example.com', PASSWORD, from('203.0.113.20'))
    expect(dotted.response.status).toBe(401)
    expect(dotted.response.headers.getSetCookie()).toEqual([])
    // Full-width letters are the same address: the same account, at its limit.
    const wide = await signIn(guarded, 'ａｌｉｃｅ@example.com', PASSWORD, from('203.0.113.20'))
    expect(wide.response.status).toBe(429)
  })

  it('an unknown account is limited the same way, so a 429 reveals nothing', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await signIn(guarded, 'ghost@example.com', 'x', from('203.0.113.9'))).response.status,
      ).toBe(401)
    }
    expect(
      (await signIn(guarded, 'ghost@example.com', 'x', from('203.0.113.9'))).response.status,
    ).toBe(429)
  })

  it('concurrent guesses count too: of 12 at once, at most 5 reach the password check', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(guarded, 'other@example.com', `burst-${i}`, from('203.0.113.11')),
      ),
    )
    const statuses = answers.map((answer) => answer.response.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(7)
  })

  it('5 failures from each of 4 addresses do not lock the owner out: their right password from a fifth signs in', async () => {
    await signUp(guarded, 'locked-out@example.com')
    for (let a = 0; a < 4; a++) {
      for (let i = 0; i < 5; i++) {
        const attempt = await signIn(
          guarded,
          'locked-out@example.com',
          'guess',
          from(`198.51.100.${a}`),
        )
        expect(attempt.response.status).toBe(401)
      }
    }
    const owner = await signIn(guarded, 'locked-out@example.com', PASSWORD, from('192.0.2.45'))
    expect(owner.response.status).toBe(200)
  })

  it('100 failures on one account in an hour from 20 addresses: every address waits, the owner too, until the window closes', async () => {
    await signUp(guarded, 'popular@example.com')
    for (let i = 0; i < 100; i++) {
      const attempt = await signIn(
        guarded,
        'popular@example.com',
        `guess-${i}`,
        from(`198.51.100.${i % 20}`),
      )
      expect(attempt.response.status).toBe(401)
    }
    const owner = await signIn(guarded, 'popular@example.com', PASSWORD, from('192.0.2.44'))
    expect(owner.response.status).toBe(429)
    expect(owner.body.error).toBe('rate_limited')
    expect(owner.response.headers.getSetCookie()).toEqual([])
    const retryAfter = Number(owner.response.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60 * 60)
    // Other accounts are not slowed down.
    expect(
      (await signIn(guarded, 'other@example.com', PASSWORD, from('198.51.100.3'))).response.status,
    ).toBe(200)

    guarded.clock.advance(retryAfter * 1000)
    expect(
      (await signIn(guarded, 'popular@example.com', PASSWORD, from('192.0.2.44'))).response.status,
    ).toBe(200)
  })

  it('wrong current passwords from the owner’s own session do not count against their sign-in', async () => {
    const cookie = (await signUp(guarded, 'forgetful@example.com')).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const change = () =>
      fetch(
        `${guarded.url}/api/account/password`,
        json(
          { currentPassword: 'not-it', password: 'a-brand-new-password-9' },
          { headers: { Cookie: cookie, ...from('203.0.113.50') } },
        ),
      )
    for (let i = 0; i < 5; i++) expect((await change()).status).toBe(403)
    // Its own limit holds: a stolen session cannot guess on.
    expect((await change()).status).toBe(429)
    const owner = await signIn(guarded, 'forgetful@example.com', PASSWORD, from('203.0.113.50'))
    expect(owner.response.status).toBe(200)
  })

  it('IPv6 clients are counted by their /64: a new address in it is no new allowance', async () => {
    await signUp(guarded, 'v6@example.com')
    for (let i = 0; i < 5; i++) {
      const attempt = await signIn(
        guarded,
        'v6@example.com',
        'wrong',
        from(`2001:db8:1:2::${i + 1}`),
      )
      expect(attempt.response.status).toBe(401)
    }
    expect(
      (await signIn(guarded, 'v6@example.com', 'wrong', from('2001:db8:1:2:ffff::9'))).response
        .status,
    ).toBe(429)
    expect(
      (await signIn(guarded, 'v6@example.com', PASSWORD, from('2001:db8:1:3::1'))).response.status,
    ).toBe(200)
  })

  it('a successful sign-in clears the failures', async () => {
    for (let i = 0; i < 4; i++) {
      await signIn(guarded, 'other@example.com', 'wrong', from('203.0.113.10'))
    }
    expect(
      (await signIn(guarded, 'other@example.com', PASSWORD, from('203.0.113.10'))).response.status,
    ).toBe(200)
    for (let i = 0; i < 4; i++) {
      expect(
        (await signIn(guarded, 'other@example.com', 'wrong', from('203.0.113.10'))).response.status,
      ).toBe(401)
    }
  })
})

describe('the session cookie over HTTPS', () => {
  const HOST_COOKIE = '__Host-coinvera_session'

  it.each<[string, Record<string, string>, string]>([
    ['TRUST_PROXY_HTTPS', { TRUST_PROXY_HTTPS: 'true' }, 'tls@example.com'],
    ['an https SITE_URL', { SITE_URL: 'https://coinvera.example' }, 'site-url@example.com'],
  ])(
    'with %s: __Host-coinvera_session, Secure, Path=/, no Domain; the hint stays readable',
    async (_, env, email) => {
      const tls = await testServer(env, { db: testDb })
      // With SITE_URL only that origin may post; without it, any Origin header is left out.
      const origin: Record<string, string> = env.SITE_URL ? { Origin: env.SITE_URL } : {}
      const response = await fetch(`${tls.url}/api/auth`, json(person(email), { headers: origin }))
      expect(response.status).toBe(201)
      expect(sessionCookie(response)).toBeUndefined()
      const cookie = sessionCookie(response, HOST_COOKIE)
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(cookie?.attributes.has('secure')).toBe(true)
      expect(cookie?.attributes.has('httponly')).toBe(true)
      expect(cookie?.attributes.get('path')).toBe('/')
      expect(cookie?.attributes.has('domain')).toBe(false)
      const hint = sessionCookie(response, 'coinvera_signed_in')
      expect(hint?.value).toBe('1')
      expect(hint?.attributes.has('httponly')).toBe(false)

      // The server reads the session from the prefixed cookie only.
      const me = (name: string) =>
        fetch(`${tls.url}/api/auth/session`, {
          headers: { Cookie: `${name}=${cookie?.value}` },
        })
      expect((await me(HOST_COOKIE)).status).toBe(200)
      expect((await me(COOKIE)).status).toBe(401)
      const out = await fetch(`${tls.url}/api/auth/session`, {
        method: 'DELETE',
        headers: { ...origin, Cookie: `${HOST_COOKIE}=${cookie?.value}` },
      })
      expect(out.status).toBe(204)
      expect(sessionCookie(out, HOST_COOKIE)?.attributes.has('secure')).toBe(true)
      expect(sessionCookie(out, HOST_COOKIE)?.attributes.get('max-age')).toBe('0')
      expect((await me(HOST_COOKIE)).status).toBe(401)
    },
  )
})
