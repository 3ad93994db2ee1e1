import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { SearchResponseSchema } from '@contract/search'
import { type App, createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { AppEnv } from '../../server/context'
import { createLogger } from '../../server/logger'
import { render } from '../../src/entry-server'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { type ManualClock, manualClock } from './helpers/clock'
import { removeDir } from './helpers/pglite'
import { setUpTestDb } from './helpers/server'
import { makeSite, SHELL_HTML } from './helpers/site-fixture'

// The real app (its caches, the route renderer) over a fake CoinGecko on loopback.
const SEARCH_TEMPLATE = SHELL_HTML.replace(
  '<title>Coinvera</title>',
  '<title>Search coins — Coinvera</title><meta name="description" content="Generic."/>',
)
const LISTED = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/coins-list.json', import.meta.url), 'utf8'),
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

async function setup(
  env: Record<string, string> = {},
  clock: ManualClock = manualClock(),
): Promise<App> {
  upstream = await startFakeUpstream({ kind: 'ok' })
  siteDir = await makeSite({ 'search/index.html': SEARCH_TEMPLATE })
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    CLIENT_DIR: siteDir,
    MARKET_UPSTREAM_URL: upstream.url,
    LOG_LEVEL: 'silent',
    ...env,
  })
  const app = createApp({
    config,
    db: testDb.db,
    logger: createLogger('silent'),
    clock,
    render,
  })
  // What the server's start-up does: the coin list and the price list, once.
  await Promise.all([app.coins.ids.refresh(), app.caches.markets.usd.refresh()])
  return app
}

/** A request from the client at `address` (its socket's peer). */
const from = (app: App, path: string, address = '203.0.113.7') =>
  app.app.request(path, { headers: { 'Accept-Encoding': 'identity' } }, {
    incoming: { socket: { remoteAddress: address } },
  } as unknown as AppEnv['Bindings'])

async function search(app: App, q: string) {
  const response = await from(app, `/api/search?${new URLSearchParams({ q })}`)
  expect(response.status).toBe(200)
  return v.parse(SearchResponseSchema, await response.json()).coins
}

describe('GET /api/search', () => {
  it('ranks by tier and market-cap rank, with the rank and image the market list holds', async () => {
    const app = await setup()
    const btc = await search(app, 'btc')
    expect(btc[0]).toEqual({
      id: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'btc',
      rank: 1,
      image: expect.stringContaining('bitcoin.png'),
    })
    expect((await search(app, 'eth'))[0]?.id).toBe('ethereum')
    expect((await search(app, 'ETHERUM')).slice(0, 3).map((c) => c.id)).toContain('ethereum')
    expect((await search(app, 'usd')).slice(0, 2).map((c) => c.id)).toEqual(['tether', 'usd-coin'])
    // A coin no market list holds has no rank and no image.
    expect(await search(app, '01coin')).toEqual([
      { id: '01coin', name: '01coin', symbol: 'zoc', rank: null, image: null },
    ])
  })

  it('answers at most 10 coins, cacheable by a CDN for a short while', async () => {
    const app = await setup()
    const response = await from(app, '/api/search?q=o')
    expect(response.headers.get('Cache-Control')).toMatch(/^public, .*s-maxage=\d+/)
    expect(response.headers.get('X-Data-Source')).toBe('cache')
    expect((await response.json()).coins).toHaveLength(10)
  })

  it('refuses an empty, a 51-character or a control-character query, and any other parameter', async () => {
    const app = await setup()
    for (const query of [
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(51)}`,
      'q=bit%00coin',
      'q=bit%0Acoin',
      'q=bit%7Fcoin',
      '',
      'q=btc&x=1',
    ]) {
      const response = await from(app, `/api/search?${query}`)
      expect(response.status, query).toBe(400)
      expect(await response.json(), query).toMatchObject({ error: 'invalid_query' })
    }
    expect(await search(app, 'a'.repeat(50))).toEqual([])
  })

  it('makes no upstream call over 1,000 queries', async () => {
    const app = await setup({ SEARCH_RATE_LIMIT: '1000' })
    const before = upstream?.calls.length
    const queries = ['b', 'bit', 'btc', 'etherum', 'usd', 'xqzv', 'sol', 'pepe', 'kaspa', 'z']
    for (let i = 0; i < 1000; i++) await search(app, queries[i % queries.length] as string)
    expect(upstream?.calls.length).toBe(before)
  })

  it('tags its answer, and answers 304 without a body to a client that holds it', async () => {
    const app = await setup()
    const first = await from(app, '/api/search?q=eth')
    const tag = first.headers.get('ETag')
    expect(tag).toMatch(/^W\/".+"$/)
    expect((await from(app, '/api/search?q=ETH%20')).headers.get('ETag')).toBe(tag)
    const again = await app.app.request('/api/search?q=eth', {
      headers: { 'If-None-Match': tag as string },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('ETag')).toBe(tag)
    expect((await from(app, '/api/search?q=btc')).headers.get('ETag')).not.toBe(tag)
  })

  it("starts the coin list's daily refresh once it is due, once however many search", async () => {
    const clock = manualClock()
    const app = await setup({ SEARCH_RATE_LIMIT: '1000' }, clock)
    const listCalls = () => upstream?.calls.filter((call) => call.path === 'coins/list').length
    expect(listCalls()).toBe(1)
    let answer: () => void = () => {}
    upstream?.behave(
      {
        kind: 'ok',
        until: new Promise<void>((resolve) => {
          answer = resolve
        }),
        body: JSON.stringify([...LISTED, { id: 'zkfair', symbol: 'zkf', name: 'ZKFair' }]),
      },
      'coins/list',
    )
    clock.advance(86_400_000 - 1000)
    await search(app, 'zkfair')
    expect(app.coins.ids.state().fetching).toBe(false)
    clock.advance(1000)
    // Due: the searches answer from the list held meanwhile while one request is under way.
    for (let i = 0; i < 20; i++) expect(await search(app, 'zkfair')).toEqual([])
    expect(app.coins.ids.state().fetching).toBe(true)
    answer()
    await app.coins.ids.refresh()
    expect((await search(app, 'zkfair')).map((c) => c.id)).toEqual(['zkfair'])
    expect(listCalls()).toBe(2)
  })

  it('answers with the new ranks once a market list is refreshed', async () => {
    const clock = manualClock()
    const app = await setup({}, clock)
    expect((await search(app, 'bitcoin'))[0]).toMatchObject({ id: 'bitcoin', rank: 1 })
    const markets = JSON.parse(
      readFileSync(new URL('../../mocks/fixtures/coins-markets.json', import.meta.url), 'utf8'),
    ) as { id: string; market_cap_rank: number }[]
    const reranked = markets.map((coin) =>
      coin.id === 'bitcoin' ? { ...coin, market_cap_rank: 7 } : coin,
    )
    upstream?.behave({ kind: 'ok', body: JSON.stringify(reranked) }, 'coins/markets')
    clock.advance(61_000)
    await app.caches.markets.usd.refresh()
    expect((await search(app, 'bitcoin'))[0]).toMatchObject({ id: 'bitcoin', rank: 7 })
  })

  it("ranks a coin by the full list's page the server holds, once a visitor opened it", async () => {
    const app = await setup()
    // Rank 150 is on the list's second page, which no price list holds.
    expect((await search(app, 'tc150'))[0]).toMatchObject({ id: 'test-coin-150', rank: null })
    await app.lists.page('usd', 2)?.refresh()
    expect((await search(app, 'tc150'))[0]).toMatchObject({ id: 'test-coin-150', rank: 150 })
  })

  it('limits each client to SEARCH_RATE_LIMIT searches a minute', async () => {
    const app = await setup({ SEARCH_RATE_LIMIT: '3' })
    for (let i = 0; i < 3; i++) await search(app, 'btc')
    const refused = await from(app, '/api/search?q=btc')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' })
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Another client has its own count.
    expect((await from(app, '/api/search?q=btc', '198.51.100.9')).status).toBe(200)
  })

  it('says when it searched the sample list (the upstream never sent its own)', async () => {
    upstream = await startFakeUpstream({ kind: 'status', status: 500 })
    siteDir = await makeSite()
    const config = loadConfig({
      DATA_DIR: testDb.dataDir,
      CLIENT_DIR: siteDir,
      MARKET_UPSTREAM_URL: upstream.url,
      LOG_LEVEL: 'silent',
    })
    const app = createApp({ config, db: testDb.db, logger: createLogger('silent') })
    await app.coins.ids.refresh()
    const response = await from(app, '/api/search?q=sol')
    expect(response.headers.get('X-Data-Source')).toBe('sample')
    expect((await response.json()).coins[0]).toMatchObject({ id: 'solana', rank: 6 })
  })
})

describe('the /search page', () => {
  it('is rendered with links to the coins found', async () => {
    const app = await setup()
    const response = await from(app, '/search?q=eth')
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('href="/coins/ethereum"')
    expect(html).toContain('<h1>Coins matching “eth”</h1>')
    expect(response.headers.get('Cache-Control')).toMatch(/^public, /)
  })

  it('escapes the query wherever it shows it', async () => {
    const app = await setup()
    const query = '"><script>alert(1)</script>'
    const response = await from(app, `/search?${new URLSearchParams({ q: query })}`)
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).not.toContain('<script>alert(1)')
    const escaped = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'
    expect(html).toContain(`<title>“${escaped}” — coin search — Coinvera</title>`)
    expect(html).toContain(`<h1>Coins matching “${escaped}”</h1>`)
    expect(html).toContain(`value="${escaped}"`)
    expect(html).toMatch(/<meta name="description" content="[^"]*&lt;script&gt;/)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  it('counts as a search: past the limit it is the plain page, with 429 and Retry-After', async () => {
    const app = await setup({ SEARCH_RATE_LIMIT: '1' })
    expect((await from(app, '/search?q=btc')).status).toBe(200)
    const refused = await from(app, '/search?q=btc')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.text()).not.toContain('/coins/bitcoin')
  })

  it('answers 400 for a query it cannot search, and the plain page without one', async () => {
    const app = await setup()
    expect((await from(app, `/search?q=${'a'.repeat(51)}`)).status).toBe(400)
    expect((await from(app, '/search')).status).toBe(200)
  })
})
