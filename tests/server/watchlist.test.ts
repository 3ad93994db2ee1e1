import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type App, createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { createLogger } from '../../server/logger'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { manualClock } from './helpers/clock'
import { setUpTestDb } from './helpers/server'

// The watchlist API over the real app, PGlite and a fake CoinGecko whose coins/list names 250
// coins (`coin-0` … `coin-249`) besides bitcoin and ethereum.

const PASSWORD = 'amber-orchard-signal-58'
const COINS = [
  { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
  { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
  ...Array.from({ length: 250 }, (_, i) => ({ id: `coin-${i}`, symbol: `c${i}`, name: `C${i}` })),
]
const testDb = setUpTestDb()
let upstream: FakeUpstream | undefined
let app: App['app']
let serial = 0

async function start(env: Record<string, string> = {}) {
  upstream = await startFakeUpstream({ kind: 'ok' })
  upstream.behave({ kind: 'ok', body: JSON.stringify(COINS) }, 'coins/list')
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    MARKET_UPSTREAM_URL: upstream.url,
    LOG_LEVEL: 'silent',
    SIGNUP_RATE_LIMIT: '1000',
    SIGNIN_RATE_LIMIT: '1000',
    WATCHLIST_RATE_LIMIT: '100000',
    ...env,
  })
  app = createApp({
    config,
    db: testDb.db,
    logger: createLogger('silent'),
    clock: manualClock(),
  }).app
}

beforeEach(() => start())
afterEach(async () => {
  await upstream?.close()
})

/** A new signed-in account's Cookie header. */
async function signedIn(email = `watcher-${Date.now()}-${serial++}@example.com`): Promise<string> {
  const signUp = await app.request('/api/auth', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Lovelace', email, password: PASSWORD }),
  })
  expect(signUp.status).toBe(201)
  return signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

const call = (method: string, path: string, cookie: string, init: RequestInit = {}) =>
  app.request(`/api/watchlist${path}`, {
    method,
    ...init,
    headers: { Cookie: cookie, ...(init.headers as Record<string, string>) },
  })
const list = async (cookie: string) => (await (await call('GET', '', cookie)).json()).coins

describe('the watchlist API', () => {
  it('answers 401 to a visitor, for reading and changing', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', '/bitcoin'],
      ['DELETE', '/bitcoin'],
    ] as const) {
      const response = await call(method, path, '')
      expect(response.status, `${method} ${path}`).toBe(401)
      expect(await response.json()).toMatchObject({ error: 'unauthenticated' })
    }
  })

  it('stars and unstars idempotently, by id, and answers the list each time', async () => {
    const cookie = await signedIn()
    expect(await list(cookie)).toEqual([])
    for (let i = 0; i < 2; i++) {
      const put = await call('PUT', '/bitcoin', cookie)
      expect(put.status).toBe(200)
      expect(put.headers.get('cache-control')).toBe('no-store')
      expect(await put.json()).toEqual({ coins: ['bitcoin'] })
    }
    await call('PUT', '/ethereum', cookie)
    expect(await list(cookie)).toEqual(['bitcoin', 'ethereum'])
    for (let i = 0; i < 2; i++) {
      const gone = await call('DELETE', '/bitcoin', cookie)
      expect(gone.status).toBe(200)
      expect(await gone.json()).toEqual({ coins: ['ethereum'] })
    }
  })

  it('goes with its account: the same address signed up again starts empty', async () => {
    const email = `leaving-${serial++}@example.com`
    const cookie = await signedIn(email)
    await call('PUT', '/bitcoin', cookie)
    expect(await list(cookie)).toEqual(['bitcoin'])
    const { rows: accounts } = await testDb.db.query<{ id: string }>(
      'SELECT id FROM accounts WHERE email = $1',
      [email],
    )
    const accountId = accounts[0]?.id
    expect(accountId).toBeTruthy()
    const deleted = await app.request('/api/account', {
      method: 'DELETE',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    })
    expect(deleted.status).toBe(204)
    // No row left behind for a new account to find or a database to hold.
    const { rows } = await testDb.db.query(
      'SELECT count(*)::int AS n FROM watchlist WHERE account_id = $1',
      [accountId],
    )
    expect(rows).toEqual([{ n: 0 }])
    expect(await list(await signedIn(email))).toEqual([])
  })

  it('accepts real coin ids only', async () => {
    const cookie = await signedIn()
    const unknown = await call('PUT', '/no-such-coin', cookie)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: 'unknown_coin' })
    const malformed = await call('PUT', '/BTC%07', cookie)
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ error: 'invalid_coin_id' })
    expect(await list(cookie)).toEqual([])
  })

  it('holds 200 coins: the 201st gets 409 watchlist_full, one already there still succeeds', async () => {
    const cookie = await signedIn()
    const ids = COINS.slice(2, 202).map((coin) => coin.id)
    const merged = await call('POST', '', cookie, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ coins: ids }),
    })
    expect(merged.status).toBe(200)
    expect((await list(cookie)).length).toBe(200)
    const full = await call('PUT', '/bitcoin', cookie)
    expect(full.status).toBe(409)
    expect(await full.json()).toMatchObject({ error: 'watchlist_full' })
    expect((await call('PUT', `/${ids[0]}`, cookie)).status).toBe(200)
  })

  it('two tabs adding at once never pass the cap', async () => {
    const cookie = await signedIn()
    const ids = COINS.slice(2, 201).map((coin) => coin.id)
    await call('POST', '', cookie, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ coins: ids }),
    })
    const answers = await Promise.all(
      ['bitcoin', 'ethereum', 'coin-240', 'coin-241'].map((id) => call('PUT', `/${id}`, cookie)),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409])
    expect((await list(cookie)).length).toBe(200)
  })

  it('merges the browser’s list as a union, idempotently, refusing unknown coins', async () => {
    const cookie = await signedIn()
    await call('PUT', '/bitcoin', cookie)
    const merge = () =>
      call('POST', '', cookie, {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ coins: ['ethereum', 'bitcoin', 'no-such-coin'] }),
      })
    for (let i = 0; i < 2; i++) {
      const answer = await merge()
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({
        coins: ['bitcoin', 'ethereum'],
        refused: ['no-such-coin'],
      })
    }
  })

  it('refuses changes from another site', async () => {
    const cookie = await signedIn()
    const foreign: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example' },
    ]
    for (const headers of foreign) {
      const response = await call('PUT', '/bitcoin', cookie, { headers })
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ error: 'forbidden_origin' })
    }
    // A form with neither header cannot prove where it came from.
    const form = await call('POST', '/bitcoin', cookie, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'watch=add',
    })
    expect(form.status).toBe(403)
    expect(await list(cookie)).toEqual([])
  })

  it('stars with a plain form: 303 back to the page, or to sign-in for a visitor', async () => {
    const cookie = await signedIn()
    const post = (who: string, body: string, back = '/crypto') =>
      call('POST', `/bitcoin?return=${encodeURIComponent(back)}`, who, {
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Sec-Fetch-Site': 'same-origin',
        },
        body,
      })
    const added = await post(cookie, 'watch=add')
    expect(added.status).toBe(303)
    expect(added.headers.get('location')).toBe('/crypto')
    expect(await list(cookie)).toEqual(['bitcoin'])
    const removed = await post(cookie, 'watch=remove', '//evil.com')
    expect(removed.headers.get('location')).toBe('/watchlist')
    // Dot segments that would resolve to `//host` once normalised.
    const dotted = await post(cookie, 'watch=remove', '/.//evil.example/x')
    expect(dotted.headers.get('location')).toBe('/watchlist')
    expect(await list(cookie)).toEqual([])
    const visitor = await post('', 'watch=add')
    expect(visitor.status).toBe(303)
    expect(visitor.headers.get('location')).toBe('/signin?return=%2Fcrypto')
  })
})

describe('the watchlist rate limit', () => {
  it('limits changes per client to WATCHLIST_RATE_LIMIT a minute', async () => {
    await upstream?.close()
    await start({ WATCHLIST_RATE_LIMIT: '3' })
    const cookie = await signedIn()
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await call('PUT', '/bitcoin', cookie)).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    // Reading is not a change.
    expect((await call('GET', '', cookie)).status).toBe(200)
  })
})
