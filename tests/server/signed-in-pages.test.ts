import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type App, createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { createLogger } from '../../server/logger'
import type { Render } from '../../server/site/pages'
import { render as renderRoute } from '../../src/entry-server'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { manualClock } from './helpers/clock'
import { removeDir } from './helpers/pglite'
import { setUpTestDb } from './helpers/server'
import { makeSite, SHELL_HTML } from './helpers/site-fixture'

// Pages for signed-in visitors, through the real app and route renderer on PGlite: the server's
// HTML knows who is signed in, and a page rendered for one visitor never reaches another.

const PASSWORD = 'amber-orchard-signal-58'
const testDb = setUpTestDb()
let upstream: FakeUpstream | undefined
let siteDir: string | undefined
let app: App['app']
let renders = 0
let accounts = 0

beforeEach(async () => {
  upstream = await startFakeUpstream({ kind: 'ok' })
  siteDir = await makeSite({
    'crypto/index.html': SHELL_HTML,
    'contact/index.html': SHELL_HTML,
    'signin/index.html': SHELL_HTML,
    'signup/index.html': SHELL_HTML,
    'watchlist/index.html': SHELL_HTML,
    'coins/index.html': SHELL_HTML,
    'account/index.html': SHELL_HTML,
    'coins/template.html': SHELL_HTML,
    '404.html': SHELL_HTML,
  })
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    CLIENT_DIR: siteDir,
    MARKET_UPSTREAM_URL: upstream.url,
    LOG_LEVEL: 'silent',
    SIGNUP_RATE_LIMIT: '1000',
    SIGNIN_RATE_LIMIT: '1000',
  })
  renders = 0
  const counting: Render = (path, data) => {
    renders++
    return renderRoute(path, data)
  }
  app = createApp({
    config,
    db: testDb.db,
    logger: createLogger('silent'),
    clock: manualClock(),
    render: counting,
  }).app
})

afterEach(async () => {
  await upstream?.close()
  if (siteDir) removeDir(siteDir)
})

/** A new account, signed in: its name and the Cookie header its browser sends. */
async function signedIn(name: string): Promise<{ name: string; cookie: string }> {
  accounts++
  const email = `visitor${accounts}-${Date.now()}@example.com`
  const signUp = await app.request('/api/auth', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  })
  expect(signUp.status).toBe(201)
  const signIn = await app.request('/api/auth/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  })
  expect(signIn.status).toBe(200)
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return { name, cookie }
}

const page = (path: string, cookie?: string) =>
  app.request(path, {
    headers: { 'Accept-Encoding': 'identity', ...(cookie ? { Cookie: cookie } : {}) },
  })

const PAGES = [
  '/',
  '/crypto',
  '/crypto?currency=eur',
  '/coins',
  '/coins?page=2',
  '/contact',
  '/signin',
  '/account',
  '/coins/bitcoin',
]

describe('pages for signed-in visitors', () => {
  it.each(PAGES)('%s holds its own visitor’s name and never the other’s', async (path) => {
    const ada = await signedIn('Ada Lovelace')
    const grace = await signedIn('Grace Hopper')
    // Interleaved, and each twice: nothing one render kept may serve the other.
    for (const [me, other] of [
      [ada, grace],
      [grace, ada],
      [ada, grace],
      [grace, ada],
    ] as const) {
      const response = await page(path, me.cookie)
      const html = await response.text()
      expect(response.status).toBe(200)
      expect(html).toContain(me.name)
      expect(html).not.toContain(other.name)
      // Signed in: a way to sign out, no Sign In link.
      expect(html).toContain('action="/api/auth/sign-out"')
      expect(html).not.toMatch(/>Sign In</)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
    }
  })

  it.each(PAGES)('%s for a visitor holds no name, and stays shared and cacheable', async (path) => {
    const ada = await signedIn('Ada Lovelace')
    // A signed-in render first, then the anonymous page: the render cache must not hand it on.
    await (await page(path, ada.cookie)).text()
    const response = await page(path)
    const html = await response.text()
    expect(html).not.toContain('Ada Lovelace')
    expect(html).not.toContain('/api/auth/sign-out')
    // Pages with market data are rendered (with the links); the others are the build's file.
    if (['/contact', '/signin', '/account'].includes(path)) expect(html).toBe(SHELL_HTML)
    else expect(html).toMatch(/>Sign In</)
    expect(response.headers.get('cache-control')).not.toContain('private')
  })

  it('renders the anonymous list page once per data version, whatever signed-in visitors ask', async () => {
    const ada = await signedIn('Ada Lovelace')
    await (await page('/crypto')).text()
    const afterFirst = renders
    for (let i = 0; i < 3; i++) await (await page('/crypto')).text()
    expect(renders).toBe(afterFirst)
    // Each signed-in page view is its own render, kept nowhere.
    await (await page('/crypto', ada.cookie)).text()
    await (await page('/crypto', ada.cookie)).text()
    expect(renders).toBe(afterFirst + 2)
    await (await page('/crypto')).text()
    expect(renders).toBe(afterFirst + 2)
  })

  it('carries the session in the page state, so the browser hydrates what the server drew', async () => {
    const ada = await signedIn('Ada Lovelace')
    const html = await (await page('/contact', ada.cookie)).text()
    const state = html.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)
    expect(state).not.toBeNull()
    const queries = JSON.parse(state?.[1] ?? '{}').queries as {
      queryKey: unknown[]
      state: { data: unknown }
    }[]
    const session = queries.find((query) => query.queryKey.join('/') === 'auth/session')
    expect(session?.state.data).toMatchObject({ name: 'Ada Lovelace' })
  })

  it('an unknown or ended session gets the anonymous page', async () => {
    const response = await page('/crypto', 'coinvera_session=not-a-session')
    const html = await response.text()
    expect(html).toMatch(/>Sign In</)
    expect(response.headers.get('cache-control')).not.toContain('private')
  })

  it('/signin and /signup show the signed-in state, with the account and a sign-out', async () => {
    const ada = await signedIn('Ada Lovelace')
    for (const path of ['/signin', '/signup']) {
      const html = await (await page(path, ada.cookie)).text()
      expect(html).toContain('You&#x27;re signed in</h1>')
      expect(html).toContain('href="/account"')
      expect(html).not.toContain('Create your account')
      expect(html).not.toContain('name="password"')
    }
  })
})

describe('the watchlist in signed-in pages', () => {
  const star = (id: string, cookie: string) =>
    app.request(`/api/watchlist/${id}`, { method: 'PUT', headers: { Cookie: cookie } })

  it('/watchlist is the visitor’s rows from the caches alone: a coin not held costs no call', async () => {
    const ada = await signedIn('Ada Lovelace')
    expect((await star('bitcoin', ada.cookie)).status).toBe(200)
    // Known to the upstream (coins/list), not in the price list, its details never asked for.
    expect((await star('dogecoin', ada.cookie)).status).toBe(200)
    const before = upstream?.callsTo('coins/dogecoin').length
    const response = await page('/watchlist', ada.cookie)
    const html = await response.text()
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(html).toContain('$97,412.00')
    expect(html).toContain('No price held for this coin right now')
    expect(upstream?.callsTo('coins/dogecoin').length).toBe(before)
    // The page state carries both queries, so the browser hydrates what the server drew.
    const state = html.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)
    const keys = (JSON.parse(state?.[1] ?? '{}').queries as { queryKey: unknown[] }[]).map(
      (query) => query.queryKey.join('/'),
    )
    expect(keys).toEqual(
      expect.arrayContaining(['watchlist/account', 'watchlist/prices/usd/bitcoin,dogecoin']),
    )
  })

  it('every page shows the visitor’s stars as the account holds them', async () => {
    const ada = await signedIn('Ada Lovelace')
    await star('ethereum', ada.cookie)
    const grace = await signedIn('Grace Hopper')
    // The price list's rows and the full list's.
    for (const path of ['/crypto', '/coins']) {
      const html = await (await page(path, ada.cookie)).text()
      expect(html).toContain('aria-label="Remove Ethereum from watchlist"')
      expect(html).toContain('aria-label="Add Bitcoin to watchlist"')
      // Another visitor's page holds none of them.
      const other = await (await page(path, grace.cookie)).text()
      expect(other).not.toContain('Remove Ethereum from watchlist')
    }
  })
})

describe('the way back after signing in', () => {
  it('a sign-in page asked with ?return= posts its form back there', async () => {
    const html = await (await page('/signin?return=%2Fcrypto%3Fcurrency%3Deur')).text()
    expect(html).toContain('action="/api/auth/session?return=%2Fcrypto%3Fcurrency%3Deur"')
  })

  it.each(['//evil.com', '/%2F%2Fevil.com', 'https://evil.com/', '/\\evil.com', '/%5Cevil.com'])(
    'a sign-in page asked with ?return=%s keeps its plain form',
    async (target) => {
      const html = await (await page(`/signin?return=${encodeURIComponent(target)}`)).text()
      expect(html).not.toContain('evil.com')
    },
  )

  const signInForm = async (action: string, username: string, password: string) =>
    app.request(action, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
      },
      body: new URLSearchParams({ username, password }),
    })

  it('a form sign-in goes back to the page it came from', async () => {
    const email = `back-${Date.now()}@example.com`
    await app.request('/api/auth', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada Lovelace', email, password: PASSWORD }),
    })
    const ok = await signInForm('/api/auth/session?return=%2Fcrypto', email, PASSWORD)
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe('/crypto')
    const wrong = await signInForm('/api/auth/session?return=%2Fcrypto', email, 'wrong password')
    expect(wrong.status).toBe(303)
    expect(wrong.headers.get('location')).toBe('/signin?error=invalid_credentials&return=%2Fcrypto')
  })

  it.each([
    '//evil.com',
    '/%2F%2Fevil.com',
    '%2F%2Fevil.com',
    'https://evil.com/crypto',
    '/\\evil.com',
    '/%5Cevil.com',
    'javascript:alert(1)',
  ])('a form sign-in asked to return to %s goes home instead', async (target) => {
    const email = `evil-${Date.now()}-${Math.random()}@example.com`
    await app.request('/api/auth', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada Lovelace', email, password: PASSWORD }),
    })
    const response = await signInForm(
      `/api/auth/session?return=${encodeURIComponent(target)}`,
      email,
      PASSWORD,
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/')
  })
})

describe('signing out with a form', () => {
  const signOut = (cookie: string, fields: Record<string, string>, headers = {}) =>
    app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
        Cookie: cookie,
        ...headers,
      },
      body: new URLSearchParams(fields),
    })
  const session = (cookie: string) =>
    app.request('/api/auth/session', { headers: { Cookie: cookie } })

  it('ends this session, clears the cookies and lands on the sign-in page that says so', async () => {
    const ada = await signedIn('Ada Lovelace')
    const response = await signOut(ada.cookie, { scope: 'this' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/signin?signed_out=true')
    expect(response.headers.getSetCookie().join('\n')).toMatch(/coinvera_session=;/)
    expect((await session(ada.cookie)).status).toBe(401)
    const landing = await (await page('/signin?signed_out=true')).text()
    expect(landing).toContain('You are signed out.')
    expect(landing).not.toContain('Ada Lovelace')
  })

  it('scope=everywhere ends every session of the account', async () => {
    const email = `everywhere-${Date.now()}@example.com`
    await app.request('/api/auth', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada Lovelace', email, password: PASSWORD }),
    })
    const cookies: string[] = []
    for (let i = 0; i < 2; i++) {
      const signIn = await app.request('/api/auth/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: email, password: PASSWORD }),
      })
      cookies.push(signIn.headers.getSetCookie()[0]?.split(';')[0] ?? '')
    }
    const [laptop = '', phone = ''] = cookies
    expect((await signOut(laptop, { scope: 'everywhere' })).status).toBe(303)
    expect((await session(laptop)).status).toBe(401)
    expect((await session(phone)).status).toBe(401)
  })

  it('is refused from another site, and the session stays', async () => {
    const ada = await signedIn('Ada Lovelace')
    const response = await signOut(
      ada.cookie,
      { scope: 'everywhere' },
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    )
    expect(response.status).toBe(403)
    expect((await session(ada.cookie)).status).toBe(200)
  })
})
