import { afterEach, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { COIN_DETAIL_PARAMS } from '@contract/coin'
import { MARKETS_PARAMS } from '@contract/market'
import { marketListParams } from '@contract/market-list'
import { SearchResponseSchema } from '@contract/search'
import { type App, createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { createLogger } from '../../server/logger'
import { render } from '../../src/entry-server'
import { formatPrice } from '../../src/lib/format'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { REAL_SETS, type RealSet, realCapture, serveReal } from '../support/real-captures'
import { type ManualClock, manualClock } from './helpers/clock'
import { removeDir } from './helpers/pglite'
import { setUpTestDb } from './helpers/server'
import { makeSite, SHELL_HTML } from './helpers/site-fixture'

// The real app over a fake CoinGecko that answers with bodies captured from the real one: every
// endpoint the server calls must take them as they are and serve their figures, never samples.
const COIN_TEMPLATE = SHELL_HTML.replace('<title>Coinvera</title>', '<title>Coin price</title>')
const SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  '  <url><loc>http://localhost:3000/</loc></url>\n</urlset>\n'
const query = (params: object) =>
  new URLSearchParams(Object.entries(params).map(([k, value]) => [k, String(value)])).toString()

const testDb = setUpTestDb()
let upstream: FakeUpstream | undefined
let siteDir: string | undefined
let logs: Record<string, unknown>[] = []

afterEach(async () => {
  await upstream?.close()
  if (siteDir) removeDir(siteDir)
  upstream = undefined
  siteDir = undefined
})

/** The app over the fake serving `set`, its coin list asked for once (as at start-up). */
async function setup(
  set: RealSet,
  around: (fake: FakeUpstream) => void = () => undefined,
): Promise<App & { upstream: FakeUpstream; clock: ManualClock }> {
  const fake = await startFakeUpstream({ kind: 'ok' })
  upstream = fake
  serveReal(fake, set)
  around(fake)
  const clock = manualClock()
  siteDir = await makeSite({
    'crypto/index.html': SHELL_HTML,
    'coins/template.html': COIN_TEMPLATE,
    'sitemap.xml': SITEMAP,
  })
  logs = []
  const app = createApp({
    config: loadConfig({
      DATA_DIR: testDb.dataDir,
      CLIENT_DIR: siteDir,
      MARKET_UPSTREAM_URL: fake.url,
      LOG_LEVEL: 'info',
      COIN_MISS_RATE_LIMIT: '1000',
      SEARCH_RATE_LIMIT: '1000',
      UPSTREAM_CALLS_PER_MIN: '1000',
    }),
    db: testDb.db,
    logger: createLogger('info', { write: (line: string) => void logs.push(JSON.parse(line)) }),
    clock,
    render,
  })
  await app.coins.ids.refresh()
  return { ...app, upstream: fake, clock }
}

const get = (app: App, path: string) =>
  app.app.request(path, { headers: { 'Accept-Encoding': 'identity' } })

/** An API answer that must be the upstream's: 200, from the upstream, as JSON. */
async function real(app: App, path: string) {
  const response = await get(app, path)
  expect(response.status, path).toBe(200)
  expect(response.headers.get('X-Data-Source'), path).toMatch(/^(live|cache)$/)
  return response.json()
}

const captured = (set: RealSet, path: string) => {
  const file = set.bodies[path]
  if (!file) throw new Error(`${set.name} has no capture for ${path}`)
  return JSON.parse(realCapture(file))
}

describe.each(REAL_SETS)('the real captures of $name', (set) => {
  it('are served as they came, every row and figure', async () => {
    const app = await setup(set)
    const markets = captured(set, 'coins/markets')
    const list = await real(app, `/api/market/coins/markets?${query(MARKETS_PARAMS)}`)
    expect(list.map((c: { id: string }) => c.id)).toEqual(markets.map((c: { id: string }) => c.id))
    expect(list[0].current_price).toBe(markets[0].current_price)
    // The full list's query (sparkline, 1 h and 7 d changes) is answered with the same rows.
    const page = await real(app, `/api/market/coins/markets?${query(marketListParams('usd', 1))}`)
    expect(page).toHaveLength(markets.length)
    expect(page[1].market_cap).toBe(markets[1].market_cap)

    const trending = captured(set, 'search/trending')
    const hot = await real(app, '/api/market/search/trending')
    expect(hot.coins.map((c: { item: { id: string } }) => c.item.id)).toEqual(
      trending.coins.map((c: { item: { id: string } }) => c.item.id),
    )
    const global = await real(app, '/api/market/global')
    expect(global.data.total_market_cap.usd).toBe(captured(set, 'global').data.total_market_cap.usd)

    for (const [path] of Object.entries(set.bodies).filter(([p]) => /^coins\/[^/]+$/.test(p))) {
      if (path === 'coins/list' || path === 'coins/markets') continue
      const coin = await real(app, `/api/market/${path}?${query(COIN_DETAIL_PARAMS)}`)
      expect(coin.market_data.current_price.usd).toBe(
        captured(set, path).market_data.current_price.usd,
      )
    }
    for (const [path] of Object.entries(set.bodies).filter(([p]) => p.endsWith('/market_chart'))) {
      const chart = await real(app, `/api/market/${path}?vs_currency=usd&days=7`)
      expect(chart.prices).toEqual(captured(set, path).prices)
    }
  })

  it('fill the coin list search reads, and the pages render their figures unmarked', async () => {
    const app = await setup(set)
    const coins = captured(set, 'coins/list')
    expect(app.coins.ids.state()).toMatchObject({ source: 'upstream' })
    expect(app.coins.ids.state().coins).toBeGreaterThan(coins.length * 0.99)
    const found = await get(app, '/api/search?q=bitcoin')
    expect(found.headers.get('X-Data-Source')).not.toBe('sample')
    const ids = v.parse(SearchResponseSchema, await found.json()).coins.map((coin) => coin.id)
    expect(ids).toContain('bitcoin')
    expect(ids.every((id) => coins.some((coin: { id: string }) => coin.id === id))).toBe(true)

    const markets = captured(set, 'coins/markets')
    const html = await (await get(app, '/crypto')).text()
    expect(html).toContain(markets[0].name)
    expect(html).toContain(formatPrice(markets[0].current_price))
    expect(html).not.toContain('Sample data')
    for (const [path] of Object.entries(set.bodies).filter(([p]) => /^coins\/[^/]+$/.test(p))) {
      if (path === 'coins/list' || path === 'coins/markets') continue
      const detail = captured(set, path)
      const coinPage = await get(app, `/${path}`)
      expect(coinPage.status, path).toBe(200)
      const text = await coinPage.text()
      expect(text).toContain(`<title>${detail.name} (${detail.symbol.toUpperCase()}) price`)
      expect(text).toContain(formatPrice(detail.market_data.current_price.usd))
      expect(text, path).not.toContain('Sample data')
    }
  })
})

describe('faults around the real captures', () => {
  const [old] = REAL_SETS as [RealSet]

  it('answer a listed coin’s failed details with a JSON error, never a made-up figure', async () => {
    const app = await setup(old)
    app.upstream.behave({ kind: 'status', status: 404 }, 'coins/matic-network')
    const gone = await get(app, `/api/market/coins/matic-network?${query(COIN_DETAIL_PARAMS)}`)
    expect(gone.status).toBe(404)
    expect(await gone.json()).toEqual({ error: 'unknown_coin', message: expect.any(String) })
    app.upstream.behave({ kind: 'status', status: 500 }, 'coins/matic-network/market_chart')
    const failed = await get(
      app,
      '/api/market/coins/matic-network/market_chart?vs_currency=usd&days=7',
    )
    expect(failed.status).toBe(503)
    expect(await failed.json()).toEqual({
      error: 'upstream_unavailable',
      message: expect.any(String),
    })
  })
})

describe('every real coin id', () => {
  const [, recent] = REAL_SETS as [RealSet, RealSet]
  const LIST = JSON.parse(realCapture('coins-list-2025-07.json.gz')) as { id: string }[]
  const odd = ['hive_dollar', '1move token', 'boringdao-[old]', '_']

  it('is kept from the real list, and search finds its coin by name', async () => {
    const app = await setup(recent)
    expect(app.coins.ids.state().coins).toBe(LIST.length)
    for (const id of odd) expect(LIST.map((coin) => coin.id)).toContain(id)
    const found = await get(app, `/api/search?${new URLSearchParams({ q: 'Hive Dollar' })}`)
    const ids = v.parse(SearchResponseSchema, await found.json()).coins.map((coin) => coin.id)
    expect(ids).toContain('hive_dollar')
  })

  it('is asked for encoded, one path segment, and its API path and page are decoded', async () => {
    const app = await setup(recent)
    // No capture is of such a coin: ethereum's real details and a real chart stand in.
    const details = realCapture('coins-ethereum-2024-04.json')
    const chart = realCapture('market-chart-2023-03.json')
    for (const id of odd) {
      app.upstream.behave({ kind: 'ok', body: details }, `coins/${id}`)
      app.upstream.behave({ kind: 'ok', body: chart }, `coins/${id}/market_chart`)
    }
    for (const id of odd) {
      const path = `/api/market/coins/${encodeURIComponent(id)}?${query(COIN_DETAIL_PARAMS)}`
      expect((await get(app, path)).status, id).toBe(200)
      expect(app.upstream.callsTo(`coins/${id}`), id).toHaveLength(1)
      const page = await get(app, `/coins/${encodeURIComponent(id)}`)
      expect(page.status, id).toBe(200)
      expect(await page.text(), id).toContain('<title>Ethereum (ETH) price')
    }
    expect(app.upstream.calls.map((call) => call.path)).not.toContain('coins/1move')
    // Not on the list: not found, as any unknown coin; an impossible id is refused.
    const unknown = await get(app, `/api/market/coins/hive_dollars?${query(COIN_DETAIL_PARAMS)}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: 'unknown_coin' })
    for (const id of ['bit%00coin', 'a'.repeat(101), '..']) {
      const refused = await get(app, `/api/market/coins/${id}?${query(COIN_DETAIL_PARAMS)}`)
      expect(refused.status, id).toBeGreaterThanOrEqual(400)
      expect(refused.status, id).toBeLessThan(500)
    }
  })

  it('is linked encoded in the sitemap', async () => {
    // No captured list row has such an id: a real row stands in, its id swapped.
    const rows = JSON.parse(realCapture('coins-markets-2023-11.json'))
    rows[0].id = '1move token'
    const app = await setup(recent, (fake) =>
      fake.behave({ kind: 'ok', body: JSON.stringify(rows) }, 'coins/markets'),
    )
    await app.caches.markets.usd.refresh()
    const xml = await (await get(app, '/sitemap.xml')).text()
    expect(xml).toContain('/coins/1move%20token</loc>')
    expect(xml).not.toContain('1move token')
  })

  it('is dropped from the list only when it cannot be one, logged once with the reason', async () => {
    // The real list, and around it one entry no list should hold.
    const withBad = JSON.stringify([...LIST, { id: 'bad\u0007id', symbol: 'bad', name: 'Bad' }])
    const app = await setup(recent, (fake) =>
      fake.behave({ kind: 'ok', body: withBad }, 'coins/list'),
    )
    expect(app.coins.ids.state().coins).toBe(LIST.length)
    // The next day's list drops it again, silently.
    app.clock.advance(25 * 3_600_000)
    expect(await app.coins.ids.refresh()).toBe(true)
    expect(app.upstream.callsTo('coins/list')).toHaveLength(2)
    const dropped = (line: Record<string, unknown>) => line.msg === 'upstream item dropped'
    expect(logs.filter(dropped)).toEqual([
      expect.objectContaining({
        resource: 'coins/list',
        id: 'bad\u0007id',
        reason: expect.stringMatching(/control character/),
      }),
    ])
  })
})

describe('search on the real list of 17,589 coins', () => {
  // The 2025 list, with the ranks of the 2023 top 250 held (the price list and the list's page 1).
  const [, recent] = REAL_SETS as [RealSet, RealSet]

  async function ranked() {
    const app = await setup(recent)
    await Promise.all([
      app.caches.markets.usd.refresh(),
      app.lists.page('usd', 1)?.refresh(),
      app.caches.trending.refresh(),
    ])
    return app
  }
  const top = async (app: App, q: string) => {
    const response = await get(app, `/api/search?${new URLSearchParams({ q })}`)
    expect(response.status, q).toBe(200)
    return v.parse(SearchResponseSchema, await response.json()).coins.map((coin) => coin.id)
  }

  it('puts the obvious coin first, before its unranked namesakes', async () => {
    const app = await ranked()
    for (const q of ['ethereum', 'eth', 'Ethereum', 'ETH']) {
      const found = await top(app, q)
      expect(found[0], q).toBe('ethereum')
      expect(found.slice(0, 5), q).toContain('ethereum-classic')
    }
    const obvious = { sol: 'solana', bnb: 'binancecoin', usdt: 'tether', pepe: 'pepe' }
    for (const [q, id] of Object.entries(obvious)) expect((await top(app, q))[0], q).toBe(id)
    // A typo is never above a ranked coin the query starts.
    expect((await top(app, 'solan'))[0]).toBe('solana')
    expect(await top(app, 'hive')).toContain('hive_dollar')
  })

  it('has the list indexed as it arrives, before the first query', async () => {
    const app = await setup(recent)
    const detail = await app.app.request('/api/health/detail', {}, {
      incoming: { socket: { remoteAddress: '127.0.0.1' } },
    } as never)
    expect((await detail.json()).searchIndex).toEqual({ coins: 17_589 })
  })
})

describe('a coin page whose data could not be had', () => {
  const [, recent] = REAL_SETS as [RealSet, RealSet]

  it('is headed and titled with the coin list’s name, not the id', async () => {
    const app = await setup(recent, (fake) => {
      fake.behave({ kind: 'status', status: 500 }, 'coins/cardano')
      fake.behave({ kind: 'status', status: 500 }, 'coins/cardano/market_chart')
    })
    const response = await get(app, '/coins/cardano')
    expect(response.status).toBe(503)
    const html = await response.text()
    expect(html).toContain('<title>Cardano price — Coinvera</title>')
    expect(html).toMatch(/<h1 class="coin-page__title">Cardano<\/h1>/)
    expect(html).not.toContain('>cardano</h1>')
  })
})
