import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  GlobalResponseSchema,
  MARKETS_PARAMS,
  MarketsResponseSchema,
  TrendingResponseSchema,
} from '@contract/market'
import { sampleRate } from '../../server/market/sample/currencies'
import { loadSample } from '../../server/market/sample'
import { MAX_UPSTREAM_BODY_BYTES } from '../../server/market/upstream'
import { type Behaviour, type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import {
  testServer,
  type TestDb,
  type TestServer,
  setUpTestDb,
  untilHealth,
} from './helpers/server'

const MARKETS_QUERY = new URLSearchParams(
  Object.entries(MARKETS_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()
const SAMPLE = loadSample()

const testDb = setUpTestDb()

// Every test gets its own server, so its own cold cache, and its own upstream.
async function setup(behaviour: Behaviour = { kind: 'ok' }, env: Record<string, string> = {}) {
  const upstream = await testUpstream(behaviour)
  const server = await testServer({ MARKET_UPSTREAM_URL: upstream.url, ...env }, { db: testDb })
  await settled(server)
  return { server, upstream }
}

async function testUpstream(behaviour: Behaviour): Promise<FakeUpstream> {
  const upstream = await startFakeUpstream(behaviour)
  onTestFinished(() => upstream.close())
  return upstream
}

/** Waits until no upstream request is running, e.g. a background refresh. */
const settled = (s: TestServer) =>
  untilHealth(
    s,
    ({ upstream }) =>
      !upstream.markets.fetching &&
      !upstream.trending.fetching &&
      !upstream.global.fetching &&
      !upstream.exchangeRates.fetching,
  )

async function markets(s: TestServer, query = MARKETS_QUERY) {
  const response = await fetch(`${s.url}/api/market/coins/markets?${query}`)
  const body = await response.json()
  return {
    status: response.status,
    body,
    source: response.headers.get('x-data-source'),
    updatedAt: response.headers.get('x-data-updated-at'),
    cacheControl: response.headers.get('cache-control'),
  }
}

describe('GET /api/market/coins/markets', () => {
  it('200 concurrent requests on a cold cache make exactly one upstream call', async () => {
    // The start-up warm-up would fill the cache; a slow first answer keeps it cold until we ask.
    const { server: s, upstream: u } = await setup({ kind: 'status', status: 500 })
    u.calls.length = 0
    s.clock.advance(60_000)
    u.behave({ kind: 'ok', delayMs: 300 })
    const results = await Promise.all(Array.from({ length: 200 }, () => markets(s)))
    expect(u.callsTo('coins/markets')).toHaveLength(1)
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]))
    // Those that arrived while the call ran shared its answer; on a busy machine the last ones
    // can arrive after it, and find it cached.
    const sources = results.map((r) => r.source)
    expect(sources.filter((source) => source !== 'live' && source !== 'cache')).toEqual([])
    expect(sources.filter((source) => source === 'live').length).toBeGreaterThan(1)
    expect(v.parse(MarketsResponseSchema, results[0]?.body)).toHaveLength(6)
  })

  it('serves live, then cache within the TTL, then after it the one refresh every read waits for', async () => {
    const { server: s, upstream: u } = await setup()
    // The warm-up at start fetched once: that answer is now the cache.
    expect(u.callsTo('coins/markets')).toHaveLength(1)
    const firstAt = new Date(s.clock.now()).toISOString()

    const cached = await markets(s)
    expect(cached).toMatchObject({ status: 200, source: 'cache', updatedAt: firstAt })
    expect(cached.cacheControl).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60')
    expect(cached.body[0].image).toMatch(/^https:\/\/coin-images\.coingecko\.com\//)

    s.clock.advance(20_000)
    expect((await markets(s)).cacheControl).toContain('s-maxage=40')
    expect(u.callsTo('coins/markets')).toHaveLength(1)

    s.clock.advance(45_000)
    u.behave({ kind: 'ok', delayMs: 200 })
    // Expired: the first read starts one refresh, and every read waits for it (a periodic
    // refetch then brings the new prices, not the previous ones).
    const waited = await Promise.all(Array.from({ length: 20 }, () => markets(s)))
    expect(new Set(waited.map((r) => r.source))).toEqual(new Set(['cache']))
    expect(new Set(waited.map((r) => r.updatedAt))).toEqual(
      new Set([new Date(s.clock.now()).toISOString()]),
    )
    expect(u.callsTo('coins/markets')).toHaveLength(2)
  })

  it('a refresh slower than MARKET_FIRST_WAIT_MS: the stale data once the wait is over', async () => {
    const { server: s, upstream: u } = await setup({ kind: 'ok' }, { MARKET_FIRST_WAIT_MS: '100' })
    const firstAt = new Date(s.clock.now()).toISOString()
    s.clock.advance(61_000)
    // The refresh gets no answer until the read has been answered.
    let answer = () => {}
    u.behave({ kind: 'ok', until: new Promise<void>((resolve) => (answer = resolve)) })
    const stale = await markets(s)
    expect(stale).toMatchObject({ status: 200, source: 'stale', updatedAt: firstAt })
    answer()
    await settled(s)
    expect(u.callsTo('coins/markets')).toHaveLength(2)
    expect((await markets(s)).source).toBe('cache')
  })

  it('forwards exactly the site query with the API key header, which never reaches the browser', async () => {
    const { server: s, upstream: u } = await setup(
      { kind: 'ok' },
      { COINGECKO_API_KEY: 'CG-secret' },
    )
    const [call] = u.callsTo('coins/markets')
    expect(new URLSearchParams(call?.query).toString()).toBe(MARKETS_QUERY)
    expect(call?.headers['x-cg-demo-api-key']).toBe('CG-secret')
    const response = await fetch(`${s.url}/api/market/coins/markets?${MARKETS_QUERY}`)
    const text = `${JSON.stringify([...response.headers])}${await response.text()}`
    expect(text.includes('CG-secret')).toBe(false)
  })

  it.each([
    ['no query', ''],
    ['an extra parameter', `${MARKETS_QUERY}&ids=bitcoin`],
    ['another page size', MARKETS_QUERY.replace('per_page=6', 'per_page=250')],
    ['a repeated parameter', `${MARKETS_QUERY}&page=2`],
    ['a missing parameter', MARKETS_QUERY.replace('&locale=en', '')],
  ])('400 invalid_query for %s: no open proxy', async (_, query) => {
    const { server: s, upstream: u } = await setup()
    const before = u.calls.length
    const result = await markets(s, query)
    expect(result.status).toBe(400)
    expect(result.body.error).toBe('invalid_query')
    expect(u.calls.length).toBe(before)
  })

  it('accepts the site query with its parameters in any order', async () => {
    const { server: s } = await setup()
    const reordered = new URLSearchParams([...new URLSearchParams(MARKETS_QUERY)].reverse())
    const result = await markets(s, reordered.toString())
    expect(result.status).toBe(200)
  })

  it('404 for any other market path, 405 for another method', async () => {
    const { server: s, upstream: u } = await setup()
    const before = u.calls.length
    for (const path of ['coins/bitcoin/tickers', 'simple/price?ids=bitcoin', 'coins', '']) {
      const response = await fetch(`${s.url}/api/market/${path}`)
      expect(response.status, path).toBe(404)
      expect((await response.json()).error).toBe('not_found')
    }
    const post = await fetch(`${s.url}/api/market/search/trending`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(u.calls.length).toBe(before)
  })
})

describe('market replies', () => {
  const SECURITY_HEADERS = [
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'permissions-policy',
  ]

  it('carry the same security headers, a request id and one log line, refused or not', async () => {
    const { server: s } = await setup()
    const before = s.logs.length
    const cached = await fetch(`${s.url}/api/market/coins/markets?${MARKETS_QUERY}`, {
      headers: { 'X-Request-Id': 'fast-1' },
    })
    expect(cached.headers.get('x-data-source')).toBe('cache')
    const refused = await fetch(`${s.url}/api/market/coins/markets?per_page=250`, {
      headers: { 'X-Request-Id': 'app-1' },
    })
    expect(refused.status).toBe(400)
    for (const name of SECURITY_HEADERS) {
      expect(cached.headers.get(name), name).toBeTruthy()
      expect(cached.headers.get(name), name).toBe(refused.headers.get(name))
    }
    expect(cached.headers.get('x-request-id')).toBe('fast-1')
    expect(refused.headers.get('x-request-id')).toBe('app-1')

    const lines = s.logs.slice(before).filter((line) => line.msg === 'request')
    expect(lines).toEqual([
      {
        time: expect.any(String),
        // Answered from memory: at debug, and counted at info (server/middleware/request-log.ts).
        level: 'debug',
        msg: 'request',
        requestId: 'fast-1',
        method: 'GET',
        path: '/api/market/coins/markets',
        status: 200,
        durationMs: expect.any(Number),
        dataSource: 'cache',
      },
      {
        time: expect.any(String),
        level: 'info',
        msg: 'request',
        requestId: 'app-1',
        method: 'GET',
        path: '/api/market/coins/markets',
        status: 400,
        durationMs: expect.any(Number),
      },
    ])
    // Same fields in the same order: log collectors see one format.
    const keys = (line: object | undefined) =>
      Object.keys(line ?? {}).filter((k) => k !== 'dataSource')
    expect(keys(lines[1])).toEqual(keys(lines[0]))
  })

  it('answer HEAD like GET, without a body', async () => {
    const { server: s } = await setup()
    const get = await fetch(`${s.url}/api/market/search/trending`)
    const head = await fetch(`${s.url}/api/market/search/trending`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'))
    expect(head.headers.get('x-data-source')).toBe('cache')
    expect(await head.text()).toBe('')
  })

  it('stopping waits for a request in flight while other replies come from the cache', async () => {
    const { server: s, upstream: u } = await setup({ kind: 'status', status: 500 })
    s.clock.advance(60_000)
    u.behave({ kind: 'ok' })
    // Trending fills its cache; markets stays empty, so its next request waits for the upstream.
    expect((await fetch(`${s.url}/api/market/search/trending`)).headers.get('x-data-source')).toBe(
      'live',
    )
    // The upstream answers once the server is stopping.
    let answer = () => {}
    u.behave({ kind: 'ok', until: new Promise<void>((resolve) => (answer = resolve)) })
    const inFlight = markets(s)
    await u.called(2, 'coins/markets')
    expect((await fetch(`${s.url}/api/market/search/trending`)).status).toBe(200)
    const stopped = s.stop()
    answer()
    const result = await inFlight
    expect(result).toMatchObject({ status: 200, source: 'live' })
    await stopped
    await expect(fetch(`${s.url}/api/market/search/trending`)).rejects.toThrow()
  })
})

describe('GET /api/market/coins/markets?vs_currency=…', () => {
  const inCurrency = (currency: string) =>
    MARKETS_QUERY.replace('vs_currency=usd', `vs_currency=${currency}`)

  it.each(['eur', 'gbp', 'jpy', 'btc', 'eth'])(
    '%s: the upstream asked once in that currency, then served from its own cache entry',
    async (currency) => {
      const { server: s, upstream: u } = await setup()
      const first = await markets(s, inCurrency(currency))
      expect(first).toMatchObject({ status: 200, source: 'live' })
      const calls = u.callsTo('coins/markets')
      // The warm-up asked for US dollars only; this one asked for the currency.
      expect(calls.map((call) => new URLSearchParams(call.query).get('vs_currency'))).toEqual([
        'usd',
        currency,
      ])
      expect(new URLSearchParams(calls[1]?.query).toString()).toBe(inCurrency(currency))
      const usd = (await markets(s)).body
      expect(first.body[0].current_price).toBeCloseTo(
        usd[0].current_price * sampleRate(currency as 'eur'),
        6,
      )
      expect(await markets(s, inCurrency(currency))).toMatchObject({ status: 200, source: 'cache' })
      expect(u.callsTo('coins/markets')).toHaveLength(2)
    },
  )

  it.each([
    ['a commodity the exchange rates hold', 'xau'],
    ['a coin the exchange rates hold', 'ltc'],
    ['a currency in capitals', 'EUR'],
    ['an empty currency', ''],
    ['a list of currencies', 'usd,eur'],
  ])('400 invalid_query for %s, without an upstream call', async (_, currency) => {
    const { server: s, upstream: u } = await setup()
    const before = u.calls.length
    const result = await markets(s, inCurrency(currency))
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({ error: 'invalid_query', message: expect.any(String) })
    expect(u.calls.length).toBe(before)
  })

  it('offline: each currency gets the sample converted at the sample rates, labelled sample', async () => {
    const { server: s } = await setup({ kind: 'status', status: 500 })
    const eur = await markets(s, inCurrency('eur'))
    expect(eur).toMatchObject({ status: 200, source: 'sample' })
    expect(eur.body).toEqual(JSON.parse(JSON.stringify(SAMPLE.marketsIn('eur'))))
    expect(eur.body[0].current_price).toBeCloseTo(
      (SAMPLE.markets[0]?.current_price ?? 0) * sampleRate('eur'),
      6,
    )
    expect(eur.body[0].price_change_percentage_24h).toBe(
      SAMPLE.markets[0]?.price_change_percentage_24h,
    )
  })

  it('other currencies spend from the shared budget, never the price list’s reserved share', async () => {
    const { server: s, upstream: u } = await setup()
    const used = async () =>
      (await (await fetch(`${s.url}/api/health/detail`)).json()).upstream.callsLastMinute
    const before = await used()
    expect((await markets(s, inCurrency('eur'))).source).toBe('live')
    expect(await used()).toMatchObject({ lists: before.lists, coins: before.coins + 1 })
    // US dollars spend from the lists' share, as before.
    s.clock.advance(61_000)
    u.calls.length = 0
    await markets(s)
    await settled(s)
    expect(u.callsTo('coins/markets')).toHaveLength(1)
    expect((await used()).lists).toBe(1)
  })
})

describe('GET /api/market/global', () => {
  async function global(s: TestServer, query = '') {
    const response = await fetch(`${s.url}/api/market/global${query}`)
    return {
      status: response.status,
      body: await response.json(),
      source: response.headers.get('x-data-source'),
      cacheControl: response.headers.get('cache-control'),
    }
  }

  it('is cached for 5 minutes: one upstream call, then the cache, then one refresh', async () => {
    const { server: s, upstream: u } = await setup()
    expect(u.callsTo('global')).toHaveLength(1)
    const cached = await global(s)
    expect(cached).toMatchObject({ status: 200, source: 'cache' })
    expect(cached.cacheControl).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=300')
    const stats = v.parse(GlobalResponseSchema, cached.body).data
    expect(stats.total_market_cap.eur).toBe(SAMPLE.global.data.total_market_cap.eur)
    expect(stats.market_cap_percentage).toEqual({ btc: 57.3084, eth: 12.7449 })
    // Only the fields the site shows are kept: not the upstream's other coins and currencies.
    expect(cached.body.data.total_market_cap.ltc).toBeUndefined()
    expect(cached.body.data.ongoing_icos).toBeUndefined()

    s.clock.advance(299_000)
    expect((await global(s)).source).toBe('cache')
    expect(u.callsTo('global')).toHaveLength(1)
    s.clock.advance(2_000)
    expect((await global(s)).source).toBe('cache')
    expect(u.callsTo('global')).toHaveLength(2)
  })

  it('offline: the shipped sample, labelled sample', async () => {
    const { server: s } = await setup({ kind: 'reset' })
    const offline = await global(s)
    expect(offline).toMatchObject({ status: 200, source: 'sample' })
    const { total_market_cap, ...rest } = offline.body.data
    const sampleTotals = SAMPLE.global.data.total_market_cap
    expect({ ...rest, total_market_cap: { usd: total_market_cap.usd } }).toMatchObject(
      JSON.parse(
        JSON.stringify({ ...SAMPLE.global.data, total_market_cap: { usd: sampleTotals.usd } }),
      ),
    )
    for (const currency of ['eur', 'gbp', 'jpy', 'btc', 'eth'] as const) {
      expect(total_market_cap[currency]).toBe(sampleTotals[currency])
    }
    // A converted currency's total: the dollars' at the bundled rate.
    expect(total_market_cap.inr).toBeCloseTo((sampleTotals.usd ?? 0) * sampleRate('inr'), -3)
  })

  it('refuses any query (400 invalid_query) and other methods (405)', async () => {
    const { server: s, upstream: u } = await setup()
    const before = u.calls.length
    const refused = await global(s, '?vs_currency=eur')
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_query' } })
    const post = await fetch(`${s.url}/api/market/global`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(u.calls.length).toBe(before)
  })
})

describe('GET /api/market/search/trending', () => {
  it('serves the trending coins, and refuses any query', async () => {
    const { server: s } = await setup()
    const response = await fetch(`${s.url}/api/market/search/trending`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-data-source')).toBe('cache')
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=300, stale-while-revalidate=300',
    )
    expect(v.parse(TrendingResponseSchema, await response.json()).coins).toHaveLength(15)
    expect((await fetch(`${s.url}/api/market/search/trending?x=1`)).status).toBe(400)
  })
})

// Valid coins, but more of them than the upstream body cap allows.
const HUGE_MARKETS = (() => {
  const coins = JSON.parse(
    readFileSync(new URL('../../mocks/fixtures/coins-markets.json', import.meta.url), 'utf8'),
  )
  const copies = Math.ceil(MAX_UPSTREAM_BODY_BYTES / JSON.stringify(coins).length) + 1
  return JSON.stringify(Array.from({ length: copies }, () => coins).flat())
})()

const FAULTS: [string, Behaviour, Record<string, string>][] = [
  ['a timeout', { kind: 'hang' }, { UPSTREAM_TIMEOUT_MS: '300' }],
  ['a reset connection', { kind: 'reset' }, {}],
  ['a 500', { kind: 'status', status: 500 }, {}],
  ['a 503', { kind: 'status', status: 503, body: 'Service Unavailable' }, {}],
  ['a 429', { kind: 'status', status: 429, headers: { 'Retry-After': '120' } }, {}],
  ['an HTML page', { kind: 'html' }, {}],
  ['JSON of the wrong shape', { kind: 'wrong-shape' }, {}],
  ['an empty body', { kind: 'ok', body: '' }, {}],
  ['a body over 2 MiB', { kind: 'ok', body: HUGE_MARKETS }, {}],
]

describe('upstream faults', () => {
  it.each(FAULTS)('%s with no good data yet: the shipped sample, 200', async (_, fault, env) => {
    const { server: s } = await setup(fault, env)
    const result = await markets(s)
    expect(result.status).toBe(200)
    expect(result.source).toBe('sample')
    // Stamped when the server loaded it, where its charts end.
    expect(result.updatedAt).toBe(new Date(s.clock.now()).toISOString())
    expect(result.cacheControl).toContain('s-maxage=5')
    expect(result.body).toEqual(SAMPLE.markets)
    for (const coin of result.body) expect(coin.image).toBe(`/sample-coins/${coin.id}.png`)

    const trending = await fetch(`${s.url}/api/market/search/trending`)
    expect(trending.headers.get('x-data-source')).toBe('sample')
    const { coins } = v.parse(TrendingResponseSchema, await trending.json())
    for (const { item } of coins) expect(item.thumb).toBe(`/sample-coins/${item.id}.png`)
  })

  it('the connection refused (nothing listening): the sample, at once', async () => {
    // A visitor would wait two minutes for a first answer that is merely slow: only a failure
    // seen at once can bring the sample within the test's time.
    const s = await testServer(
      { MARKET_FIRST_WAIT_MS: '120000', UPSTREAM_TIMEOUT_MS: '120000' },
      { db: testDb },
    )
    const result = await markets(s)
    expect(result.source).toBe('sample')
  })

  it.each(FAULTS)('%s after good data: the last good data, marked stale', async (_, fault, env) => {
    const { server: s, upstream: u } = await setup({ kind: 'ok' }, env)
    const goodAt = new Date(s.clock.now()).toISOString()
    s.clock.advance(61_000)
    u.behave(fault)
    for (let round = 0; round < 2; round++) {
      const result = await markets(s)
      expect(result.status).toBe(200)
      expect(result.source).toBe('stale')
      expect(result.updatedAt).toBe(goodAt)
      expect(v.parse(MarketsResponseSchema, result.body)[0]?.id).toBe('bitcoin')
      await settled(s)
    }
  })

  it('one list failing leaves the other fresh: each list has its own cache', async () => {
    const { server: s, upstream: u } = await setup()
    const trendingSource = async () =>
      (await fetch(`${s.url}/api/market/search/trending`)).headers.get('x-data-source')
    // Past both lists' TTLs, with only the markets path failing.
    s.clock.advance(301_000)
    u.behave({ kind: 'status', status: 500 }, 'coins/markets')
    expect((await markets(s)).source).toBe('stale')
    expect(await trendingSource()).toBe('cache')
    expect(u.callsTo('search/trending')).toHaveLength(2)
    await settled(s)
    expect((await markets(s)).source).toBe('stale')
  })

  it("waits out a 429's Retry-After before asking the upstream again", async () => {
    const { server: s, upstream: u } = await setup()
    s.clock.advance(61_000)
    u.behave({ kind: 'status', status: 429, headers: { 'Retry-After': '120' } })
    await markets(s)
    await settled(s)
    expect(u.callsTo('coins/markets')).toHaveLength(2)

    u.behave({ kind: 'ok' })
    s.clock.advance(100_000)
    expect((await markets(s)).source).toBe('stale')
    await settled(s)
    expect(u.callsTo('coins/markets')).toHaveLength(2)

    s.clock.advance(21_000)
    expect((await markets(s)).source).toBe('cache')
    expect(u.callsTo('coins/markets')).toHaveLength(3)
  })

  it('a slow first answer: the first visitor gets the sample within the budget, later ones the data', async () => {
    // The upstream answers only once the first visitor was answered, and the server would wait
    // two minutes for it: only the 200 ms budget can end that visitor's wait.
    let answer = () => {}
    const upstream = await testUpstream({
      kind: 'ok',
      until: new Promise<void>((resolve) => (answer = resolve)),
    })
    const s = await testServer(
      {
        MARKET_UPSTREAM_URL: upstream.url,
        MARKET_FIRST_WAIT_MS: '200',
        UPSTREAM_TIMEOUT_MS: '120000',
      },
      { db: testDb },
    )
    const first = await markets(s)
    expect(first.source).toBe('sample')
    answer()
    await settled(s)
    expect((await markets(s)).source).toBe('cache')
    expect(upstream.callsTo('coins/markets')).toHaveLength(1)
  })
})

describe('GET /api/health', () => {
  it('answers the public {status} only: 200 while the database answers, whatever the upstream does', async () => {
    const { server: s } = await setup({ kind: 'status', status: 500 })
    const response = await fetch(`${s.url}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('asks the database once a second at most, however many ask', async () => {
    let checks = 0
    const counting: TestDb = {
      ...testDb,
      db: {
        ...testDb.db,
        query: (sql, params) => {
          if (sql === 'SELECT 1') checks++
          return testDb.db.query(sql, params)
        },
      },
    }
    const s = await testServer({}, { db: counting })
    const health = () => fetch(`${s.url}/api/health`).then((r) => r.json())
    await Promise.all(Array.from({ length: 20 }, health))
    await health()
    expect(checks).toBe(1)
    s.clock.advance(999)
    await health()
    expect(checks).toBe(1)
    s.clock.advance(1)
    expect(await health()).toEqual({ status: 'ok' })
    expect(checks).toBe(2)
  })

  it('gives the detail to a caller on this machine: database and upstream state', async () => {
    const { server: s } = await setup({ kind: 'status', status: 500 })
    const response = await fetch(`${s.url}/api/health/detail`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: { state: 'ok' },
      upstream: {
        markets: { source: 'sample', lastFailure: { kind: 'http_error' } },
        trending: { source: 'sample', lastFailure: { kind: 'http_error' } },
        callsLastMinute: { limit: 10, reservedForLists: 3 },
      },
    })
  })

  it('the detail names no database engine and no upstream error text; the log has them', async () => {
    const { server: s } = await setup({ kind: 'status', status: 500 })
    const body = await (await fetch(`${s.url}/api/health/detail`)).json()
    expect(body.database).toEqual({ state: 'ok', latencyMs: expect.any(Number) })
    expect(body.upstream.markets.lastFailure).toEqual({
      kind: 'http_error',
      at: expect.any(String),
    })
    const text = JSON.stringify(body)
    expect(text).not.toMatch(/pglite|postgres|answered 500|127\.0\.0\.1/i)
    const logged = s.rawLogs.join('\n')
    expect(logged).toContain('"database":"pglite"')
    expect(logged).toContain('coins/markets answered 500')
  })

  it('no detail through a proxy on this machine, nor with HEALTH_DETAIL=off: a JSON 404', async () => {
    const { server: s } = await setup()
    for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
      const response = await fetch(`${s.url}/api/health/detail`, {
        headers: { [header]: '203.0.113.7' },
      })
      expect(response.status, header).toBe(404)
      expect(await response.json()).toEqual({ error: 'not_found', message: expect.any(String) })
    }
    const off = await testServer({ HEALTH_DETAIL: 'off' }, { db: testDb })
    const response = await fetch(`${off.url}/api/health/detail`)
    expect(response.status).toBe(404)
    expect((await response.json()).error).toBe('not_found')
    expect((await fetch(`${off.url}/api/health`)).status).toBe(200)
  })
})
