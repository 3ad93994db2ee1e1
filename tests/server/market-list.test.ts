import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { type App, createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { AppEnv } from '../../server/context'
import { createLogger } from '../../server/logger'
import { render } from '../../src/entry-server'
import { FAKE_LIST_COINS } from '../support/fake-market-list'
import { type Behaviour, type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { type ManualClock, manualClock } from './helpers/clock'
import { removeDir } from './helpers/pglite'
import { setUpTestDb } from './helpers/server'
import { makeSite, SHELL_HTML } from './helpers/site-fixture'

// The full list (`/coins`) and the coin pages it opens, over the real app, route renderer and
// cache, with the fake CoinGecko's list of FAKE_LIST_COINS coins (two full pages and a half).

const LIST_QUERY = {
  vs_currency: 'usd',
  order: 'market_cap_desc',
  per_page: '100',
  page: '1',
  sparkline: 'true',
  price_change_percentage: '1h,24h,7d',
  locale: 'en',
}
const listPath = (query: Partial<typeof LIST_QUERY> & Record<string, string> = {}) =>
  `/api/market/coins/markets?${new URLSearchParams({ ...LIST_QUERY, ...query })}`

// The list's page as the build makes it, near enough for its size: the shell with the site's
// whole stylesheet written in, as scripts/prerender.ts does.
const STYLES = new URL('../../src/styles/', import.meta.url)
const STYLESHEET = readdirSync(STYLES)
  .filter((name) => name.endsWith('.css'))
  .map((name) => readFileSync(new URL(name, STYLES), 'utf8'))
  .join('\n')
const LIST_TEMPLATE = SHELL_HTML.replace(
  '<title>Coinvera</title>',
  `<title>All cryptocurrencies by market cap — Coinvera</title><style>${STYLESHEET}</style>`,
)

const testDb = setUpTestDb()
let upstream: FakeUpstream | undefined
let siteDir: string | undefined

afterEach(async () => {
  await upstream?.close()
  if (siteDir) removeDir(siteDir)
  upstream = undefined
  siteDir = undefined
})

type Setup = { app: App['app']; clock: ManualClock; upstream: FakeUpstream }

async function setup(behaviour: Behaviour = { kind: 'ok' }, env: Record<string, string> = {}) {
  upstream = await startFakeUpstream(behaviour)
  siteDir = await makeSite({
    'coins/index.html': LIST_TEMPLATE,
    'coins/template.html': SHELL_HTML,
    '404.html': SHELL_HTML.replace('<title>Coinvera</title>', '<title>Page not found</title>'),
    'sitemap.xml':
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n',
  })
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    CLIENT_DIR: siteDir,
    MARKET_UPSTREAM_URL: upstream.url,
    LOG_LEVEL: 'silent',
    COIN_MISS_RATE_LIMIT: '1000',
    UPSTREAM_CALLS_PER_MIN: '1000',
    ...env,
  })
  const clock = manualClock()
  const { app } = createApp({
    config,
    db: testDb.db,
    logger: createLogger('silent'),
    clock,
    render,
  })
  return { app, clock, upstream } satisfies Setup
}

const get = (s: Setup, path: string, headers: Record<string, string> = {}) =>
  s.app.request(path, { headers: { 'Accept-Encoding': 'identity', ...headers } })

/** A request from the client at `address` (its socket's peer). */
const getFrom = (s: Setup, address: string, path: string) =>
  s.app.request(path, { headers: { 'Accept-Encoding': 'identity' } }, {
    incoming: { socket: { remoteAddress: address } },
  } as unknown as AppEnv['Bindings'])

/** The list's upstream calls, by currency and page. */
const listCalls = (s: Setup) =>
  s.upstream
    .callsTo('coins/markets')
    .map((call) => new URLSearchParams(call.query))
    .filter((query) => query.get('per_page') === '100')
    .map((query) => `${query.get('vs_currency')}:${query.get('page')}`)

const pageState = (html: string) => {
  const match = html.match(/<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/)
  if (!match) throw new Error('no page-state block in the page')
  return JSON.parse(match[1] as string)
}
const rows = (html: string) => (html.match(/<tr>/g) ?? []).length - 1

describe('GET /api/market/coins/markets with the list query', () => {
  it('asks the upstream once per currency and page within the TTL, with the exact query', async () => {
    const s = await setup()
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(s, listPath())))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const body = await answers[0]?.json()
    expect(body).toHaveLength(100)
    // Each row's week comes downsampled from the upstream's 168 points.
    expect(body[0].sparkline_in_7d.price.length).toBeLessThanOrEqual(50)
    expect(answers[0]?.headers.get('x-market-list-pages')).toBe('20')
    await get(s, listPath({ page: '2' }))
    await get(s, listPath({ vs_currency: 'eur' }))
    await get(s, listPath({ page: '2' }))
    expect(listCalls(s).sort()).toEqual(['eur:1', 'usd:1', 'usd:2'])
    const [call] = s.upstream.callsTo('coins/markets')
    expect(Object.fromEntries(new URLSearchParams(call?.query))).toEqual(LIST_QUERY)

    // Page 1 in dollars lives MARKETS_TTL_S (60 s), deeper pages MARKET_LIST_TTL_S (300 s).
    s.clock.advance(61_000)
    await get(s, listPath())
    await get(s, listPath({ page: '2' }))
    expect(listCalls(s).filter((key) => key === 'usd:1')).toHaveLength(2)
    expect(listCalls(s).filter((key) => key === 'usd:2')).toHaveLength(1)
    s.clock.advance(240_000)
    await get(s, listPath({ page: '2' }))
    expect(listCalls(s).filter((key) => key === 'usd:2')).toHaveLength(2)
  })

  it('answers 404 past the end of the list, and past MARKET_LIST_PAGES without asking', async () => {
    const s = await setup({ kind: 'ok' }, { MARKET_LIST_PAGES: '3' })
    expect(FAKE_LIST_COINS).toBeLessThanOrEqual(300)
    const past = await get(s, listPath({ page: '3' }))
    expect(past.status).toBe(200)
    expect(await past.json()).toHaveLength(FAKE_LIST_COINS - 200)
    const end = await get(s, listPath({ page: '4' }))
    expect(end.status).toBe(404)
    expect(await end.json()).toMatchObject({ error: 'no_such_page' })
    expect(listCalls(s)).toEqual(['usd:3'])

    const s2 = await setup({ kind: 'ok' })
    const empty = await get(s2, listPath({ page: '4' }))
    expect(empty.status).toBe(404)
    // An empty page is kept like any answer: asking again costs nothing.
    await get(s2, listPath({ page: '4' }))
    expect(listCalls(s2)).toEqual(['usd:4'])
    expect((await get(s2, '/coins?page=4')).status).toBe(404)
    expect((await get(s2, '/coins?page=21')).status).toBe(404)
    expect(listCalls(s2)).toEqual(['usd:4'])
  })

  it.each([
    ['a page that is no whole number', { page: '1.5' }],
    ['page 0', { page: '0' }],
    ['another page size', { per_page: '250' }],
    ['no sparkline', { sparkline: 'false' }],
    ['other changes', { price_change_percentage: '1h,24h' }],
    ['an unknown currency', { vs_currency: 'xau' }],
    ['an extra parameter', { ids: 'bitcoin' }],
  ])('refuses %s with 400 invalid_query, asking nothing', async (_, query) => {
    const s = await setup()
    const response = await get(s, listPath(query))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: 'invalid_query' })
    expect(listCalls(s)).toEqual([])
  })

  it("spends the coin pages' share of the budget: then stale data, or a clear 503", async () => {
    // 4 calls a minute: 2 kept for the landing page's lists, 2 for coin pages and the full list.
    const s = await setup({ kind: 'ok' }, { UPSTREAM_CALLS_PER_MIN: '4' })
    expect((await get(s, listPath())).status).toBe(200)
    expect((await get(s, listPath({ page: '2' }))).status).toBe(200)
    const busy = await get(s, listPath({ page: '3' }))
    expect(busy.status).toBe(503)
    expect(await busy.json()).toMatchObject({ error: 'upstream_busy' })
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0)
    // The page says so too, with when to try again, and is kept by no one.
    const html = await get(s, '/coins?page=3')
    expect(html.status).toBe(503)
    expect(html.headers.get('cache-control')).toBe('no-store')
    expect(await html.text()).toMatch(/try again in \d+\u00a0s/)
    // Page 2 expires (300 s) while the share is spent again: its last data, said to be stale.
    s.clock.advance(250_000)
    expect((await get(s, listPath({ page: '3' }))).status).toBe(200)
    expect((await get(s, listPath({ vs_currency: 'eur' }))).status).toBe(200)
    s.clock.advance(51_000)
    const stale = await get(s, listPath({ page: '2' }))
    expect(stale.status).toBe(200)
    expect(stale.headers.get('x-data-source')).toBe('stale')
    expect(await stale.json()).toHaveLength(100)
    expect(listCalls(s)).toEqual(['usd:1', 'usd:2', 'usd:3', 'eur:1'])
  })

  it("spends the client's misses: past COIN_MISS_RATE_LIMIT, 429 with Retry-After", async () => {
    const s = await setup({ kind: 'ok' }, { COIN_MISS_RATE_LIMIT: '2' })
    expect((await getFrom(s, '203.0.113.7', listPath())).status).toBe(200)
    expect((await getFrom(s, '203.0.113.7', listPath({ page: '2' }))).status).toBe(200)
    const limited = await getFrom(s, '203.0.113.7', listPath({ page: '3' }))
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' })
    // Cached pages cost nothing, and another visitor has its own share.
    expect((await getFrom(s, '203.0.113.7', listPath({ page: '2' }))).status).toBe(200)
    expect((await getFrom(s, '198.51.100.4', listPath({ page: '3' }))).status).toBe(200)
  })
})

describe('the /coins page', () => {
  it('carries its hundred rows, figures and sparklines in HTML of at most 60 kB brotli', async () => {
    const s = await setup()
    const response = await get(s, '/coins', { 'Accept-Encoding': 'br' })
    expect(response.status).toBe(200)
    const brotli = new Uint8Array(await response.arrayBuffer())
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(brotli.byteLength).toBeLessThanOrEqual(60_000)

    const html = await (await get(s, '/coins')).text()
    expect(rows(html)).toBe(100)
    expect(html).toContain('$97,412.00')
    expect(html).toContain('Test Coin 100')
    expect((html.match(/<svg class="sparkline/g) ?? []).length).toBe(100)
    expect(html).toMatch(
      /rel="next"[^>]*href="\/coins\?page=2"|href="\/coins\?page=2"[^>]*rel="next"/,
    )
    // The data block carries the sparklines' points as drawn, not the upstream's 168.
    const [list] = pageState(html).queries
    expect(list.queryKey).toEqual(['market', 'list', 'usd', 1])
    for (const coin of list.state.data.coins) {
      expect(coin.sparkline_in_7d.price.length).toBeLessThanOrEqual(50)
    }
  })

  it('renders another page and currency, once per data version', async () => {
    const s = await setup()
    const html = await (await get(s, '/coins?page=2&currency=eur')).text()
    expect(html).toContain('Test Coin 101')
    expect(html).toContain('€')
    expect(html).toContain('rel="prev"')
    expect(html).toMatch(/<title>All cryptocurrencies by market cap, page 2 — Coinvera<\/title>/)
    expect(await (await get(s, '/coins?page=2&currency=eur')).text()).toBe(html)
    expect(listCalls(s)).toEqual(['eur:2'])
  })

  it('offline: the first page is the labelled sample; a deeper page says it is not available', async () => {
    const s = await setup({ kind: 'status', status: 500 }, { MARKET_FIRST_WAIT_MS: '0' })
    const first = await get(s, '/coins')
    const html = await first.text()
    expect(first.status).toBe(200)
    expect(html).toContain('Sample data')
    expect(html).toContain('Bitcoin')
    // Every sample coin, and nothing that is not one.
    expect(rows(html)).toBe(21)
    expect(html).not.toContain('Test Coin')
    const second = await get(s, '/coins?page=2')
    expect(second.status).toBe(503)
    const text = await second.text()
    expect(text).toContain('Page 2 of the list is not available offline')
    expect(text).not.toMatch(/class="[^"]*\bskeleton\b/)
  })
})

describe('coin pages opened from the list', () => {
  it('render a listed coin from its row, with no call of its own', async () => {
    const s = await setup()
    await get(s, '/coins')
    const before = s.upstream.calls.length
    const response = await get(s, '/coins/test-coin-7')
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('<title>Test Coin 7 (TC7) price — Coinvera</title>')
    expect(html).toContain('$285.71')
    expect(html).toContain('Market cap')
    expect(html).toContain('Circulating supply')
    // Neither its details nor its chart were asked for: they follow in the browser. (The list
    // of known coins, asked for once a day, named it.)
    expect(s.upstream.calls.slice(before).map((call) => call.path)).toEqual(['coins/list'])
    expect(s.upstream.callsTo('coins/test-coin-7')).toHaveLength(0)
    expect(s.upstream.callsTo('coins/test-coin-7/market_chart')).toHaveLength(0)
    const coin = pageState(html).queries.find(
      (q: { queryKey: unknown[] }) => q.queryKey[2] === 'listed',
    )
    expect(coin.queryKey).toEqual(['coin', 'test-coin-7', 'listed', 'usd'])
  })

  it('ten coins of the top 100 in a minute, with the default budget: every price is there', async () => {
    const s = await setup({ kind: 'ok' }, { UPSTREAM_CALLS_PER_MIN: '', COIN_MISS_RATE_LIMIT: '' })
    await getFrom(s, '203.0.113.9', '/coins')
    const ids = [
      'bitcoin',
      'ethereum',
      'tether',
      'test-coin-7',
      'test-coin-8',
      'solana',
      'test-coin-40',
      'test-coin-66',
      'kaspa',
      'test-coin-99',
    ]
    for (const id of ids) {
      const response = await getFrom(s, '203.0.113.9', `/coins/${id}`)
      expect(response.status).toBe(200)
      expect(await response.text()).toMatch(/coin-page__price-value">[^<]*\d/)
    }
    expect(listCalls(s)).toEqual(['usd:1'])
    // No coin's own details or chart: only the list, and the list of known coins.
    const perCoin = s.upstream.calls.filter(
      (call) => !['coins/markets', 'coins/list'].includes(call.path),
    )
    expect(perCoin).toEqual([])
  })
})

describe('the sitemap', () => {
  it("names the list's pages and the coins on the pages held", async () => {
    const s = await setup({ kind: 'ok' }, { MARKET_LIST_PAGES: '3' })
    await get(s, '/coins?page=2')
    const xml = await (await get(s, '/sitemap.xml')).text()
    expect(xml).toContain('/coins?page=2</loc>')
    expect(xml).toContain('/coins?page=3</loc>')
    expect(xml).not.toContain('/coins?page=4</loc>')
    expect(xml).toContain('/coins/test-coin-150</loc>')
    // The sitemap asked for no page of the list itself.
    expect(listCalls(s)).toEqual(['usd:2'])
  })
})
