import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TransactionInput } from '../../contract/portfolio'
import { type App, createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { createLogger } from '../../server/logger'
import { render as renderRoute } from '../../src/entry-server'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { manualClock } from './helpers/clock'
import { removeDir } from './helpers/pglite'
import { setUpTestDb } from './helpers/server'
import { makeSite, SHELL_HTML } from './helpers/site-fixture'

// `/portfolio` for a signed-in visitor, through the real app and route renderer on PGlite: the
// holdings arrive in the server's HTML, priced from the server's caches alone, and one visitor's
// page never reaches another.

const PASSWORD = 'amber-orchard-signal-58'
const testDb = setUpTestDb()
let upstream: FakeUpstream | undefined
let siteDir: string | undefined
let app: App['app']
let accounts = 0

beforeEach(async () => {
  upstream = await startFakeUpstream({ kind: 'ok' })
  siteDir = await makeSite({
    'portfolio/index.html': SHELL_HTML,
    '404.html': SHELL_HTML,
  })
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    CLIENT_DIR: siteDir,
    MARKET_UPSTREAM_URL: upstream.url,
    LOG_LEVEL: 'silent',
    SIGNUP_RATE_LIMIT: '1000',
    SIGNIN_RATE_LIMIT: '1000',
    PORTFOLIO_RATE_LIMIT: '1000',
  })
  app = createApp({
    config,
    db: testDb.db,
    logger: createLogger('silent'),
    clock: manualClock(),
    render: renderRoute,
  }).app
})

afterEach(async () => {
  await upstream?.close()
  if (siteDir) removeDir(siteDir)
})

/** A new account, signed in: the Cookie header its browser sends. */
async function signedIn(name: string): Promise<string> {
  accounts++
  const email = `holder${accounts}-${Date.now()}@example.com`
  const json = { 'Content-Type': 'application/json' }
  const signUp = await app.request('/api/auth', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name, email, password: PASSWORD }),
  })
  expect(signUp.status).toBe(201)
  const signIn = await app.request('/api/auth/session', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: email, password: PASSWORD }),
  })
  expect(signIn.status).toBe(200)
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

const buy = (extra: Partial<TransactionInput>): TransactionInput => ({
  type: 'buy',
  coinId: 'bitcoin',
  quantity: '0.5',
  price: '40000',
  currency: 'usd',
  at: '2026-01-02T10:30:00Z',
  fee: '0',
  note: '',
  ...extra,
})

async function add(cookie: string, transactions: TransactionInput[]) {
  const response = await app.request('/api/portfolio/transactions', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ transactions }),
  })
  expect(response.status).toBe(201)
}

const page = (path: string, cookie?: string) =>
  app.request(path, {
    headers: { 'Accept-Encoding': 'identity', ...(cookie ? { Cookie: cookie } : {}) },
  })

/** The query keys the page's state carries, joined by `/`. */
const carried = (html: string) => {
  const state = html.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)
  return (JSON.parse(state?.[1] ?? '{"queries":[]}').queries as { queryKey: unknown[] }[]).map(
    (query) => query.queryKey.join('/'),
  )
}

describe('/portfolio rendered for its signed-in visitor', () => {
  it('arrives with the holdings, the totals and the allocation, from the caches alone', async () => {
    const ada = await signedIn('Ada Lovelace')
    // Bitcoin is in the price list; dogecoin is known (coins/list) but never asked for.
    await add(ada, [buy({}), buy({ coinId: 'dogecoin', quantity: '1000', price: '0.1' })])
    const response = await page('/portfolio', ada)
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    // The table's row, the totals and the drawing, in the HTML.
    expect(html).toMatch(/<th scope="row"[^>]*><a href="\/coins\/bitcoin">Bitcoin<\/a><\/th>/)
    expect(html).toContain('$48,706.00')
    expect(html).toContain('Total value')
    expect(html).toMatch(/<svg[^>]*class="portfolio__bar"/)
    // A coin whose price is not held costs no call: its price is asked for by the page's script.
    expect(upstream?.callsTo('coins/dogecoin')).toEqual([])
    expect(carried(html)).toEqual(
      expect.arrayContaining(['portfolio/account', 'portfolio/prices/usd/bitcoin,dogecoin']),
    )
  })

  it('never shows one visitor’s holdings to another, nor to a signed-out visitor', async () => {
    const ada = await signedIn('Ada Lovelace')
    const grace = await signedIn('Grace Hopper')
    await add(ada, [buy({ quantity: '0.25' })])
    await add(grace, [buy({ quantity: '3' })])
    for (const [me, mine, theirs] of [
      [ada, '0.25', '>3<'],
      [grace, '>3<', '0.25'],
      [ada, '0.25', '>3<'],
    ] as const) {
      const html = await (await page('/portfolio', me)).text()
      expect(html).toContain(mine)
      expect(html).not.toContain(theirs)
    }
    const anonymous = await (await page('/portfolio')).text()
    expect(anonymous).not.toContain('portfolio-table')
    expect(carried(anonymous)).not.toContain('portfolio/account')
  })

  it('each transaction has its Edit and Delete as forms, and ?edit= opens one in the form', async () => {
    const ada = await signedIn('Ada Lovelace')
    await add(ada, [buy({ quantity: '0.75', note: 'the first' })])
    const { transactions } = (await (
      await app.request('/api/portfolio', { headers: { Cookie: ada } })
    ).json()) as { transactions: { id: string }[] }
    const id = transactions[0]?.id ?? ''
    const html = await (await page('/portfolio', ada)).text()
    expect(html).toContain(`action="/api/portfolio/transactions/${id}/delete" method="post"`)
    expect(html).toContain(`name="edit" value="${id}"`)
    const editing = await (await page(`/portfolio?edit=${id}`, ada)).text()
    expect(editing).toContain('Edit the transaction')
    expect(editing).toContain(`action="/api/portfolio/transactions/${id}/edit" method="post"`)
    expect(editing).toContain('value="0.75"')
    expect(editing).toContain('value="the first"')
  })

  it('in a converted currency, priced at the server’s rates', async () => {
    const ada = await signedIn('Ada Lovelace')
    await add(ada, [buy({})])
    const html = await (await page('/portfolio?currency=inr', ada)).text()
    expect(html).toContain('Your holdings, in Indian rupees')
    expect(carried(html)).toContain('portfolio/prices/inr/bitcoin')
    expect(html).toMatch(/<td class="coin-list__number">₹[\d,]+\.\d\d<\/td>/)
  })

  it('converts costs in euros at the server’s exchange rates, and says so', async () => {
    const ada = await signedIn('Ada Lovelace')
    await add(ada, [buy({ quantity: '2', price: '50000', currency: 'eur', fee: '10' })])
    // The fixture's rates: one bitcoin is 97,412 USD, 84,105.521 EUR, 8,105,652.52 INR.
    const usd = await (await page('/portfolio', ada)).text()
    expect(usd).toContain('Costs in EUR are converted to US dollars')
    expect(usd).toContain('1 EUR = 1.15821 USD')
    // Average cost: 100,010 EUR ÷ 2 at 97,412 ÷ 84,105.521.
    expect(usd).toContain('$57,916.38')
    expect(carried(usd)).toContain('portfolio/rates/usd/eur')
    const inr = await (await page('/portfolio?currency=inr', ada)).text()
    expect(inr).toContain('1 EUR = 96.3748 INR')
    expect(inr).toContain('₹4,819,221.73')
  })
})

describe('GET /api/portfolio/rates', () => {
  it('answers each currency’s worth in the one shown, exactly, to anyone', async () => {
    const response = await app.request('/api/portfolio/rates?to=usd&from=eur,inr')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const answer = await response.json()
    expect(answer).toMatchObject({ to: 'usd', source: 'upstream', updatedAt: expect.any(String) })
    expect(answer.rates.eur).toBe('1.158211718348430419924514')
    expect(answer.rates.inr).toMatch(/^0\.0120177863237591635620/)
    const bad = await app.request('/api/portfolio/rates?to=usd&from=doubloons')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: 'invalid_query' })
  })
})
