import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { describe, expect, it, onTestFinished } from 'vitest'
import { COIN_DETAIL_PARAMS, CoinDetailSchema, MarketChartSchema } from '@contract/coin'
import { MARKETS_PARAMS } from '@contract/market'
import { CURRENCIES, UPSTREAM_CURRENCIES } from '@contract/currency'
import { sampleRate } from '../../server/market/sample/currencies'
import { type Behaviour, type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { setUpTestDb, type TestServer, testServer, untilHealth } from './helpers/server'

const DETAIL_QUERY = new URLSearchParams(
  Object.entries(COIN_DETAIL_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()
const MARKETS_QUERY = new URLSearchParams(
  Object.entries(MARKETS_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()

const fixture = (name: string) =>
  readFileSync(new URL(`../../mocks/fixtures/${name}`, import.meta.url), 'utf8')
const BITCOIN = JSON.parse(fixture('coins-bitcoin.json'))
const CHART = fixture('coins-bitcoin-market-chart-7.json')
const COINS_LIST = JSON.parse(fixture('coins-list.json'))
const MARKET_ROWS: Record<string, { current_price: number }> = Object.fromEntries(
  JSON.parse(fixture('coins-markets.json')).map((row: { id: string }) => [row.id, row]),
)

/** Coins of the list fixture that have no sample data: only the upstream can answer for them. */
const LISTED = ['cardano', 'dogecoin', 'usd-coin', 'wrapped-bitcoin', '01coin'] as const

/** `coins/{id}` for another coin, in the fixture's shape. */
const detailOf = (id: string, extra: object = {}) =>
  JSON.stringify({ ...BITCOIN, id, name: id, ...extra })

const testDb = setUpTestDb()

// Every test gets its own server (so its own caches and budget) and its own upstream, which
// knows the listed coins' details and charts.
async function setup(behaviour: Behaviour = { kind: 'ok' }, env: Record<string, string> = {}) {
  const upstream = await startFakeUpstream(behaviour)
  onTestFinished(() => upstream.close())
  for (const id of LISTED) {
    upstream.behave({ kind: 'ok', body: detailOf(id) }, `coins/${id}`)
    upstream.behave({ kind: 'ok', body: CHART }, `coins/${id}/market_chart`)
  }
  const server = await testServer(
    { MARKET_UPSTREAM_URL: upstream.url, COIN_MISS_RATE_LIMIT: '1000', ...env },
    { db: testDb },
  )
  await settled(server)
  return { server, upstream }
}

/** Waits until no list request is running (the start-up warm-up, a refresh). */
const settled = (s: TestServer) =>
  untilHealth(
    s,
    ({ upstream }) =>
      !upstream.markets.fetching &&
      !upstream.trending.fetching &&
      !upstream.coinList.fetching &&
      !upstream.exchangeRates.fetching,
  )

/** Waits for a background request to reach the upstream and its answer to land. */
async function untilCalls(s: TestServer, u: FakeUpstream, path: string, count: number) {
  await u.called(count, path)
  await settled(s)
  expect(u.callsTo(path)).toHaveLength(count)
}

/** Waits until the server has logged `count` failed upstream calls for `resource`. */
async function untilFailed(s: TestServer, resource: string, count: number): Promise<void> {
  const failed = (line: Record<string, unknown>) =>
    line.msg === 'market upstream failed' && line.resource === resource
  let from = 0
  for (let seen = 0; seen < count; seen++) from = s.logs.indexOf(await s.logged(failed, from)) + 1
  expect(s.logs.filter(failed)).toHaveLength(count)
}

/**
 * Upstream calls the coin pages started in the budget's last minute: counted when a call starts,
 * before the reply that started it, so a refresh no reply can hide.
 */
async function coinCallsThisMinute(s: TestServer): Promise<number> {
  const { upstream } = await (await fetch(`${s.url}/api/health/detail`)).json()
  return upstream.callsLastMinute.coins
}

async function get(s: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${s.url}/api/market/${path}`, { headers })
  const text = await response.text()
  return {
    status: response.status,
    text,
    body: text ? JSON.parse(text) : null,
    source: response.headers.get('x-data-source'),
    updatedAt: response.headers.get('x-data-updated-at'),
    cacheControl: response.headers.get('cache-control'),
    retryAfter: response.headers.get('retry-after'),
    headers: response.headers,
  }
}

const detail = (s: TestServer, id: string, headers?: Record<string, string>) =>
  get(s, `coins/${id}?${DETAIL_QUERY}`, headers)
const chart = (s: TestServer, id: string, days: string, currency = 'usd') =>
  get(s, `coins/${id}/market_chart?vs_currency=${currency}&days=${days}`)

describe('GET /api/market/coins/:id', () => {
  it('asks the upstream with the exact query, then serves from the cache for 60 s', async () => {
    const { server: s, upstream: u } = await setup()
    const first = await detail(s, 'bitcoin')
    expect(first).toMatchObject({ status: 200, source: 'live' })
    expect(first.cacheControl).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60')
    expect(first.updatedAt).toBe(new Date(s.clock.now()).toISOString())
    const coin = v.parse(CoinDetailSchema, first.body)
    // One answer holds the page in every offered currency (the converted ones made by the server).
    expect(Object.keys(coin.market_data?.current_price ?? {}).sort()).toEqual(
      [...CURRENCIES].sort(),
    )
    expect(coin.market_data?.current_price?.eur).toBe(84105.52)
    // What the upstream sends beyond the schema stays with us.
    expect(first.body).not.toHaveProperty('categories')
    expect(first.body.market_data).not.toHaveProperty('atl')
    const [call] = u.callsTo('coins/bitcoin')
    expect(new URLSearchParams(call?.query).toString()).toBe(DETAIL_QUERY)

    s.clock.advance(59_000)
    expect(await detail(s, 'bitcoin')).toMatchObject({ source: 'cache' })
    expect(u.callsTo('coins/bitcoin')).toHaveLength(1)
    s.clock.advance(2000)
    // Expired: the read waits for the refresh it started, and answers with its data.
    expect(await detail(s, 'bitcoin')).toMatchObject({
      source: 'cache',
      updatedAt: new Date(s.clock.now()).toISOString(),
    })
    expect(u.callsTo('coins/bitcoin')).toHaveLength(2)
  })

  it('404 unknown_coin for a well-formed id the upstream does not list, without asking it', async () => {
    const { server: s, upstream: u } = await setup()
    const before = u.calls.length
    for (const id of ['not-a-coin', 'list', 'markets-2']) {
      const result = await detail(s, id)
      expect(result.status, id).toBe(404)
      expect(result.body.error).toBe('unknown_coin')
      expect((await chart(s, id, '7')).body.error).toBe('unknown_coin')
    }
    expect(u.calls.length).toBe(before)
  })

  // The coin list decides which ids exist (real ones hold `_`, spaces, brackets): the first five
  // are on none, so unknown coins; the rest no coin can have. Neither costs an upstream call.
  it.each([
    ['upper case', 'Bitcoin', 404, 'unknown_coin'],
    ['a space', 'bit%20coin', 404, 'unknown_coin'],
    ['a dot', 'bit.coin', 404, 'unknown_coin'],
    ['an encoded slash', 'bitcoin%2Fmarket_chart', 404, 'unknown_coin'],
    ['an underscore', 'bit_coin', 404, 'unknown_coin'],
    ['a control character', 'bit%07coin', 400, 'invalid_coin_id'],
    ['a line break', 'bit%0Acoin', 400, 'invalid_coin_id'],
    ['101 characters', 'a'.repeat(101), 400, 'invalid_coin_id'],
  ])('an id with %s: %i %s, without asking anyone', async (_, id, status, error) => {
    const { server: s, upstream: u } = await setup()
    const before = u.calls.length
    for (const result of [await detail(s, id), await chart(s, id, '7')]) {
      expect(result.status).toBe(status)
      expect(result.body.error).toBe(error)
    }
    expect(u.calls.length).toBe(before)
  })

  it.each([
    ['no query', ''],
    ['tickers asked for', DETAIL_QUERY.replace('tickers=false', 'tickers=true')],
    ['an extra parameter', `${DETAIL_QUERY}&vs_currency=usd`],
    ['a repeated parameter', `${DETAIL_QUERY}&sparkline=false`],
  ])('400 invalid_query for %s: no open proxy', async (_, query) => {
    const { server: s, upstream: u } = await setup()
    const before = u.calls.length
    const result = await get(s, `coins/bitcoin?${query}`)
    expect(result.status).toBe(400)
    expect(result.body.error).toBe('invalid_query')
    expect(u.calls.length).toBe(before)
  })

  it('passes a hostile description through as data: JSON, never HTML', async () => {
    const hostile =
      '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a></script><!--'
    const { server: s, upstream: u } = await setup()
    u.behave(
      { kind: 'ok', body: detailOf('cardano', { description: { en: hostile } }) },
      'coins/cardano',
    )
    const result = await detail(s, 'cardano')
    expect(result.status).toBe(200)
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(result.headers.get('x-content-type-options')).toBe('nosniff')
    expect(result.body.description.en).toBe(hostile)
  })

  it('404 unknown_coin when the upstream no longer has a listed coin', async () => {
    const { server: s, upstream: u } = await setup()
    u.behave({ kind: 'status', status: 404, body: '{"error":"coin not found"}' }, 'coins/cardano')
    const result = await detail(s, 'cardano')
    expect(result.status).toBe(404)
    expect(result.body.error).toBe('unknown_coin')
    expect((await detail(s, 'cardano')).status).toBe(404)
    expect(u.callsTo('coins/cardano')).toHaveLength(1)
  })

  it('405 for another method', async () => {
    const { server: s } = await setup()
    const post = await fetch(`${s.url}/api/market/coins/bitcoin?${DETAIL_QUERY}`, {
      method: 'POST',
    })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('GET /api/market/coins/:id/market_chart', () => {
  it('forwards the currency and span; 5 min for a day, 30 min for longer spans', async () => {
    const { server: s, upstream: u } = await setup()
    const path = 'coins/bitcoin/market_chart'
    const day = await chart(s, 'bitcoin', '1')
    expect(day).toMatchObject({ status: 200, source: 'live' })
    expect(day.cacheControl).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=300')
    expect(v.parse(MarketChartSchema, day.body).prices).toHaveLength(169)
    expect(day.body).not.toHaveProperty('market_caps')
    const month = await chart(s, 'bitcoin', '30')
    expect(month.cacheControl).toBe('public, max-age=0, s-maxage=1800, stale-while-revalidate=1800')
    expect(u.callsTo(path).map((call) => call.query)).toEqual([
      '?vs_currency=usd&days=1',
      '?vs_currency=usd&days=30',
    ])

    s.clock.advance(299_000)
    expect((await chart(s, 'bitcoin', '1')).source).toBe('cache')
    s.clock.advance(2000)
    // Expired: each read waits for the refresh it started.
    expect((await chart(s, 'bitcoin', '1')).source).toBe('cache')
    expect(u.callsTo(path)).toHaveLength(3)
    s.clock.advance(1_490_000)
    expect((await chart(s, 'bitcoin', '30')).source).toBe('cache')
    expect(u.callsTo(path)).toHaveLength(3)
    s.clock.advance(10_000)
    expect((await chart(s, 'bitcoin', '30')).source).toBe('cache')
    expect(u.callsTo(path)).toHaveLength(4)
  })

  it('keeps one chart per currency the upstream is asked in, each asked for once', async () => {
    // Room in the budget for seven coin calls in one minute.
    const { server: s, upstream: u } = await setup({ kind: 'ok' }, { UPSTREAM_CALLS_PER_MIN: '30' })
    const path = 'coins/bitcoin/market_chart'
    const usd = v.parse(MarketChartSchema, (await chart(s, 'bitcoin', '7')).body).prices
    for (const currency of UPSTREAM_CURRENCIES) {
      const first = await chart(s, 'bitcoin', '7', currency)
      expect(first.status, currency).toBe(200)
      // The fake upstream's chart is the dollar one at the fixtures' rates; in bitcoin, 1.
      const prices = v.parse(MarketChartSchema, first.body).prices
      const rate = currency === 'btc' ? 1 / (usd[0]?.[1] ?? 1) : sampleRate(currency)
      expect(prices[0]?.[1], currency).toBeCloseTo((usd[0]?.[1] ?? 0) * rate)
      expect((await chart(s, 'bitcoin', '7', currency)).source, currency).toBe('cache')
    }
    expect(
      u.callsTo(path).map((call) => new URLSearchParams(call.query).get('vs_currency')),
    ).toEqual([...UPSTREAM_CURRENCIES])
    // The details answer every currency: still one call.
    for (const currency of UPSTREAM_CURRENCIES)
      expect((await detail(s, 'bitcoin')).status, currency).toBe(200)
    expect(u.callsTo('coins/bitcoin')).toHaveLength(1)
    const health = await (await fetch(`${s.url}/api/health/detail`)).json()
    expect(health.upstream.coinCaches.charts).toBe(UPSTREAM_CURRENCIES.length)
  })

  it.each([
    ['another span', 'vs_currency=usd&days=14'],
    ['every day', 'vs_currency=usd&days=max'],
    ['a currency not offered', 'vs_currency=xau&days=7'],
    ['a currency in capitals', 'vs_currency=EUR&days=7'],
    ['two currencies', 'vs_currency=usd&vs_currency=eur&days=7'],
    ['an interval', 'vs_currency=usd&days=7&interval=daily'],
    ['no currency', 'days=7'],
  ])('400 invalid_query for %s', async (_, query) => {
    const { server: s, upstream: u } = await setup()
    const before = u.calls.length
    const result = await get(s, `coins/bitcoin/market_chart?${query}`)
    expect(result.status).toBe(400)
    expect(result.body.error).toBe('invalid_query')
    expect(u.calls.length).toBe(before)
  })
})

describe('the coin list', () => {
  const NEW_LIST = JSON.stringify([...COINS_LIST, { id: 'new-coin', symbol: 'new', name: 'New' }])

  it('failing at start: the sample list serves, then the real one once the upstream recovers', async () => {
    const { upstream: u } = await setup()
    // A fresh server whose first list request fails.
    u.behave({ kind: 'status', status: 500 }, 'coins/list')
    const t = await testServer({ MARKET_UPSTREAM_URL: u.url }, { db: testDb })
    await settled(t)
    expect((await detail(t, 'bitcoin')).status).toBe(200)
    expect((await detail(t, 'cardano')).status).toBe(200)
    expect((await detail(t, 'new-coin')).status).toBe(404)

    u.behave({ kind: 'ok', body: NEW_LIST }, 'coins/list')
    u.behave({ kind: 'ok', body: detailOf('new-coin') }, 'coins/new-coin')
    const listCalls = u.callsTo('coins/list').length
    // Left alone for five minutes after the failure: the list costs a call each time.
    t.clock.advance(299_000)
    expect((await detail(t, 'new-coin')).status).toBe(404)
    expect(u.callsTo('coins/list')).toHaveLength(listCalls)
    t.clock.advance(1000)
    // Not known yet, and the list is on its way: the request waits for it.
    const found = await detail(t, 'new-coin')
    expect(found).toMatchObject({ status: 200, source: 'live' })
    expect(u.callsTo('coins/list')).toHaveLength(listCalls + 1)
  })

  it('is asked for once a day, and kept when the upstream then fails', async () => {
    const { server: s, upstream: u } = await setup({ kind: 'ok' })
    u.behave({ kind: 'ok', body: NEW_LIST }, 'coins/list')
    expect(u.callsTo('coins/list')).toHaveLength(1)
    // The start-up list was the fixture's; a day later the new one arrives.
    expect((await detail(s, 'new-coin')).status).toBe(404)
    s.clock.advance(86_400_000)
    await detail(s, 'bitcoin')
    await untilCalls(s, u, 'coins/list', 2)
    u.behave({ kind: 'ok', body: detailOf('new-coin') }, 'coins/new-coin')
    expect((await detail(s, 'new-coin')).status).toBe(200)

    u.behave({ kind: 'status', status: 500 }, 'coins/list')
    s.clock.advance(86_400_000)
    await detail(s, 'bitcoin')
    await untilCalls(s, u, 'coins/list', 3)
    expect((await detail(s, 'new-coin')).status).toBe(200)
    const health = await (await fetch(`${s.url}/api/health/detail`)).json()
    expect(health.upstream.coinList).toMatchObject({ source: 'upstream', coins: 28 })
  })
})

describe('upstream faults', () => {
  it.each([
    [
      'a 429',
      { kind: 'status', status: 429, headers: { 'Retry-After': '120' } },
      {},
      'upstream_busy',
      '120',
    ],
    ['a 500', { kind: 'status', status: 500 }, {}, 'upstream_unavailable', '15'],
    ['a timeout', { kind: 'hang' }, { UPSTREAM_TIMEOUT_MS: '300' }, 'upstream_unavailable', '15'],
  ] as const)(
    '%s with no data yet: 503, the price list’s figures, or the sample for a sample coin',
    async (_, fault, env, code, retry) => {
      const { server: s, upstream: u } = await setup({ kind: 'ok' }, env)
      u.behave(fault, 'coins/cardano')
      u.behave(fault, 'coins/bitcoin')
      u.behave(fault, 'coins/pepe')
      const result = await detail(s, 'cardano')
      expect(result.status).toBe(503)
      expect(result.body.error).toBe(code)
      expect(result.retryAfter).toBe(retry)
      // Asked again at once: the upstream is left alone.
      expect((await detail(s, 'cardano')).status).toBe(503)
      expect(u.callsTo('coins/cardano')).toHaveLength(1)

      // Bitcoin is on the price list the server holds: its real figures, never the sample's.
      const listed = await detail(s, 'bitcoin')
      expect(listed).toMatchObject({ status: 200, source: 'cache' })
      expect(listed.body.market_data.current_price.usd).toBe(MARKET_ROWS.bitcoin?.current_price)
      // Pepe was never in a real answer: the sample, said to be one.
      const sample = await detail(s, 'pepe')
      expect(sample).toMatchObject({ status: 200, source: 'sample' })
      expect(sample.body.image.large).toBe('/sample-coins/pepe.png')
    },
  )

  it.each([
    ['a 429', { kind: 'status', status: 429, headers: { 'Retry-After': '120' } }, {}],
    ['a 500', { kind: 'status', status: 500 }, {}],
    ['a timeout', { kind: 'hang' }, { UPSTREAM_TIMEOUT_MS: '300' }],
  ] as const)('%s after good data: the last good data, stale', async (_, fault, env) => {
    const { server: s, upstream: u } = await setup({ kind: 'ok' }, env)
    const good = await chart(s, 'cardano', '7')
    s.clock.advance(1_800_001)
    u.behave(fault, 'coins/cardano/market_chart')
    const stale = { status: 200, source: 'stale', updatedAt: good.updatedAt, text: good.text }
    // The first stale answer starts a refresh in the background, which fails.
    expect(await chart(s, 'cardano', '7')).toMatchObject(stale)
    await untilFailed(s, 'coins/cardano/market_chart?vs_currency=usd&days=7', 1)
    expect(u.callsTo('coins/cardano/market_chart')).toHaveLength(2)
    // Asked again after the failure: the stale data, and no call started in the pause after it.
    expect(await chart(s, 'cardano', '7')).toMatchObject(stale)
    expect(await coinCallsThisMinute(s)).toBe(1)
    expect(u.callsTo('coins/cardano/market_chart')).toHaveLength(2)
  })
})

describe('the upstream call budget', () => {
  it('spent: a miss gets 503 upstream_busy with Retry-After, stale data when there is some', async () => {
    // 4 a minute: 2 reserved for the lists, 2 for the coin pages; the start spent all four (the
    // price list, trending, the global market, and the coin list).
    const { server: s, upstream: u } = await setup({ kind: 'ok' }, { UPSTREAM_CALLS_PER_MIN: '4' })
    const busy = await detail(s, 'cardano')
    expect(busy.status).toBe(503)
    expect(busy.body.error).toBe('upstream_busy')
    expect(busy.retryAfter).toBe('60')
    expect(u.callsTo('coins/cardano')).toHaveLength(0)
    // A sample coin never seen in a real answer still has its sample; one on the price list, its
    // real figures from there.
    expect(await detail(s, 'pepe')).toMatchObject({ status: 200, source: 'sample' })
    expect(await detail(s, 'ethereum')).toMatchObject({ status: 200, source: 'cache' })

    s.clock.advance(60_000)
    const live = await detail(s, 'cardano')
    expect(live).toMatchObject({ status: 200, source: 'live' })
    s.clock.advance(61_000)
    expect((await detail(s, 'dogecoin')).source).toBe('live')
    expect((await detail(s, 'usd-coin')).source).toBe('live')
    // Cardano's data has expired, and this minute's coin calls went to dogecoin and usd-coin.
    const stale = await detail(s, 'cardano')
    expect(stale).toMatchObject({ status: 200, source: 'stale', updatedAt: live.updatedAt })
    // No refresh started for it: a call is counted as it starts, before the stale answer.
    expect(await coinCallsThisMinute(s)).toBe(2)
    expect(u.callsTo('coins/cardano')).toHaveLength(1)
  })

  it('the lists keep their reserved share however many coins are asked for', async () => {
    // 10 a minute: 3 reserved for the lists, 7 for the coin pages.
    const { server: s, upstream: u } = await setup({ kind: 'ok' })
    // Both lists expired, and the minute of the start-up calls over.
    s.clock.advance(301_000)
    const misses = LISTED.flatMap((id) => ['1', '7', '30', '365'].map((days) => [id, days]))
    const statuses: number[] = []
    for (const [id = '', days = ''] of misses) statuses.push((await chart(s, id, days)).status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(7)
    expect(statuses.filter((status) => status === 503)).toHaveLength(misses.length - 7)

    const marketsCalls = u.callsTo('coins/markets').length
    // Their refreshes pass: the reads wait for them and answer the new data.
    expect((await get(s, `coins/markets?${MARKETS_QUERY}`)).source).toBe('cache')
    expect((await get(s, 'search/trending')).source).toBe('cache')
    expect(u.callsTo('coins/markets')).toHaveLength(marketsCalls + 1)
    const health = await (await fetch(`${s.url}/api/health/detail`)).json()
    expect(health.upstream.callsLastMinute).toEqual({
      lists: 2,
      coins: 7,
      limit: 10,
      reservedForLists: 3,
    })
  })

  it('a client causing many misses is rate-limited before it spends the budget', async () => {
    const { server: s, upstream: u } = await setup(
      { kind: 'ok' },
      { COIN_MISS_RATE_LIMIT: '2', UPSTREAM_CALLS_PER_MIN: '100', TRUST_PROXY: '1' },
    )
    const from = (address: string) => ({ 'X-Forwarded-For': address })
    expect((await detail(s, 'cardano', from('192.0.2.1'))).source).toBe('live')
    expect((await detail(s, 'dogecoin', from('192.0.2.1'))).source).toBe('live')
    const limited = await detail(s, 'usd-coin', from('192.0.2.1'))
    expect(limited.status).toBe(429)
    expect(limited.body.error).toBe('rate_limited')
    expect(limited.retryAfter).toBe('60')
    expect(u.callsTo('coins/usd-coin')).toHaveLength(0)
    // Cached coins cost nothing; another address has its own share.
    expect((await detail(s, 'cardano', from('192.0.2.1'))).source).toBe('cache')
    expect((await detail(s, 'usd-coin', from('192.0.2.2'))).source).toBe('live')
    s.clock.advance(60_000)
    expect((await detail(s, 'wrapped-bitcoin', from('192.0.2.1'))).source).toBe('live')
  })
})

describe('the per-coin caches', () => {
  it('hold a fixed number of coins: the least recently asked for is dropped', async () => {
    const { server: s, upstream: u } = await setup({ kind: 'ok' }, { COIN_CACHE_ENTRIES: '2' })
    await detail(s, 'cardano')
    await detail(s, 'dogecoin')
    expect((await detail(s, 'cardano')).source).toBe('cache')
    await detail(s, 'usd-coin')
    const health = await (await fetch(`${s.url}/api/health/detail`)).json()
    expect(health.upstream.coinCaches).toEqual({ details: 2, charts: 0 })
    expect((await detail(s, 'cardano')).source).toBe('cache')
    expect((await detail(s, 'dogecoin')).source).toBe('live')
    expect(u.callsTo('coins/dogecoin')).toHaveLength(2)
    expect(u.callsTo('coins/cardano')).toHaveLength(1)
  })
})

describe('offline', () => {
  it('the sample coins have their pages from the sample data; others answer 503 or 404', async () => {
    // Nothing listens at the default upstream.
    const s = await testServer({ COIN_MISS_RATE_LIMIT: '1000' }, { db: testDb })
    await settled(s)
    const btc = await detail(s, 'bitcoin')
    expect(btc).toMatchObject({ status: 200, source: 'sample' })
    expect(btc.cacheControl).toContain('s-maxage=5')
    expect(btc.body).toMatchObject({ id: 'bitcoin', image: { thumb: '/sample-coins/bitcoin.png' } })
    for (const days of ['1', '7', '30', '365']) {
      const result = await chart(s, 'pepe', days)
      expect(result).toMatchObject({ status: 200, source: 'sample' })
      expect(v.parse(MarketChartSchema, result.body).prices.length).toBeGreaterThan(100)
    }
    expect((await detail(s, 'cardano')).body.error).toBe('upstream_unavailable')
    expect((await detail(s, 'new-coin')).body.error).toBe('unknown_coin')
  })

  it('counts nothing against a visitor: every coin page says the data is offline, none is rate-limited', async () => {
    // Nothing listens at the default upstream; a visitor's share is two misses a minute.
    const s = await testServer({ COIN_MISS_RATE_LIMIT: '2' }, { db: testDb })
    await settled(s)
    const ids = ['dogecoin', 'usd-coin', 'cardano', 'wrapped-bitcoin', '01coin', 'bitcoin']
    for (const round of [0, 1]) {
      for (const id of ids) {
        const answer = await detail(s, id)
        if (answer.status === 200) expect(answer.source).toBe('sample')
        else expect([answer.status, answer.body.error]).toEqual([503, 'upstream_unavailable'])
        expect((await chart(s, id, '7')).body.error).not.toBe('rate_limited')
      }
      // Past the back-off, the next miss asks the upstream again, still at no visitor's cost.
      if (round === 0) s.clock.advance(20_000)
    }
  })
})
