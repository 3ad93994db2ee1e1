import { describe, expect, it, onTestFinished } from 'vitest'
import { MARKETS_PARAMS } from '@contract/market'
import { CACHE_HITS_WINDOW_MS } from '../../server/middleware/request-log'
import { startFakeUpstream } from '../support/fake-upstream'
import { setUpTestDb, setUpTestServer, testServer } from './helpers/server'

const MARKETS_QUERY = new URLSearchParams(
  Object.entries(MARKETS_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()

const testDb = setUpTestDb()
const server = setUpTestServer({}, { db: testDb })

const requestLines = () => server.logs.filter((line) => line.msg === 'request')

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
}

describe('request log and response headers on the real server', () => {
  it('logs one line per market reply with its data source, path without the query', async () => {
    const before = requestLines().length
    const response = await fetch(`${server.url}/api/market/coins/markets?${MARKETS_QUERY}`)
    expect(response.status).toBe(200)
    const requestId = response.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    expectSecurityHeaders(response)
    // The upstream is unreachable in this suite: the shipped sample is served.
    expect(response.headers.get('x-data-source')).toBe('sample')
    expect(response.headers.get('content-length')).toBe(String((await response.text()).length))

    const lines = requestLines().slice(before)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      requestId,
      method: 'GET',
      path: '/api/market/coins/markets',
      status: 200,
      dataSource: 'sample',
    })
    expect(typeof lines[0]?.durationMs).toBe('number')
    expect(JSON.stringify(lines[0])).not.toContain('vs_currency')
  })

  it('keeps a well-formed caller request id and replaces one that could forge log lines', async () => {
    const kept = await fetch(`${server.url}/api/health`, {
      headers: { 'X-Request-Id': 'abc.123-x' },
    })
    expect(kept.headers.get('x-request-id')).toBe('abc.123-x')
    const replaced = await fetch(`${server.url}/api/health`, {
      headers: { 'X-Request-Id': 'evil"}{"level":"error' },
    })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const ids = requestLines().map((line) => line.requestId)
    expect(ids).toContain('abc.123-x')
    expect(ids).not.toContain('evil"}{"level":"error')
  })

  it('sets the headers on errors too: a 400 from the market route and an unknown API path', async () => {
    for (const path of ['/api/market/coins/markets?per_page=250', '/api/nope']) {
      const before = requestLines().length
      const response = await fetch(`${server.url}${path}`)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.headers.get('x-request-id')).toBeTruthy()
      expectSecurityHeaders(response)
      const [line] = requestLines().slice(before)
      expect(line).toMatchObject({ status: response.status })
      expect(line).not.toHaveProperty('dataSource')
    }
  })
})

describe('market reads answered from memory', () => {
  it('log at debug only, and are counted at info once a minute', async () => {
    const upstream = await startFakeUpstream({ kind: 'ok' })
    onTestFinished(() => upstream.close())
    const s = await testServer(
      { MARKET_UPSTREAM_URL: upstream.url, LOG_LEVEL: 'info', MARKETS_TTL_S: '3600' },
      { db: testDb },
    )
    const markets = `${s.url}/api/market/coins/markets?${MARKETS_QUERY}`
    // The read that calls the upstream keeps its line at info.
    const first = await fetch(markets)
    expect(first.headers.get('x-data-source')).toBe('live')
    expect(s.logs.at(-1)).toMatchObject({ level: 'info', msg: 'request', dataSource: 'live' })
    const before = s.logs.length
    for (let i = 0; i < 3; i++) {
      const cached = await fetch(markets)
      expect(cached.headers.get('x-data-source')).toBe('cache')
      expect(cached.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
    expect(s.logs.slice(before)).toEqual([])

    s.clock.advance(CACHE_HITS_WINDOW_MS)
    expect((await fetch(markets)).headers.get('x-data-source')).toBe('cache')
    expect(s.logs.slice(before)).toEqual([
      expect.objectContaining({ level: 'info', msg: 'market reads from cache', requests: 4 }),
    ])
    // An error is never one of them.
    await fetch(`${s.url}/api/market/coins/markets?per_page=250`)
    expect(s.logs.at(-1)).toMatchObject({ level: 'info', msg: 'request', status: 400 })
  })
})
