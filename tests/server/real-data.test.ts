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
import { manualClock } from './helpers/clock'
import { removeDir } from './helpers/pglite'
import { setUpTestDb } from './helpers/server'
import { makeSite, SHELL_HTML } from './helpers/site-fixture'

// The real app over a fake CoinGecko that answers with bodies captured from the real one: every
// endpoint the server calls must take them as they are and serve their figures, never samples.
const COIN_TEMPLATE = SHELL_HTML.replace('<title>Coinvera</title>', '<title>Coin price</title>')
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

async function setup(set: RealSet): Promise<App & { upstream: FakeUpstream }> {
  const fake = await startFakeUpstream({ kind: 'ok' })
  upstream = fake
  serveReal(fake, set)
  siteDir = await makeSite({
    'crypto/index.html': SHELL_HTML,
    'coins/template.html': COIN_TEMPLATE,
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
    }),
    db: testDb.db,
    logger: createLogger('info', { write: (line: string) => void logs.push(JSON.parse(line)) }),
    clock: manualClock(),
    render,
  })
  await app.coins.ids.refresh()
  return { ...app, upstream: fake }
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
