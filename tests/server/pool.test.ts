import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWith } from '../support/system-deps'
import { readFileSync } from 'node:fs'
import { CHART_DAYS, COIN_DETAIL_PARAMS } from '@contract/coin'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { findPostgresBin, type Postgres, startPostgres } from './helpers/postgres'
import { json, startTestServer, type TestServer } from './helpers/server'

const bin = findPostgresBin()
const fixture = (name: string) =>
  readFileSync(new URL(`../../mocks/fixtures/${name}`, import.meta.url), 'utf8')
const BITCOIN = JSON.parse(fixture('coins-bitcoin.json'))
const CHART = fixture('coins-bitcoin-market-chart-7.json')
// Coins the upstream lists that have no sample data: only the upstream can answer for them.
const COINS = ['cardano', 'dogecoin', 'usd-coin', 'wrapped-bitcoin', '01coin']
const DETAIL_QUERY = new URLSearchParams(
  Object.entries(COIN_DETAIL_PARAMS).map(([key, value]) => [key, String(value)]),
)

/** How long a request took, and its answer. */
async function timed(url: string, init?: RequestInit) {
  const started = performance.now()
  const response = await fetch(url, init)
  const body = await response.text()
  return { status: response.status, ms: performance.now() - started, response, body }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

describeWith(
  [{ name: 'PostgreSQL', path: bin }],
  'a burst of market refreshes on a small pool (PostgreSQL)',
  () => {
    let postgres: Postgres
    let upstream: FakeUpstream
    let server: TestServer

    beforeAll(async () => {
      postgres = await startPostgres(bin ?? '')
      upstream = await startFakeUpstream()
      server = await startTestServer({
        DATABASE_URL: postgres.url,
        // One lock connection, two for the market, three for accounts and sessions.
        DATABASE_POOL_MAX: '6',
        MARKET_UPSTREAM_URL: upstream.url,
        UPSTREAM_CALLS_PER_MIN: '250',
        COIN_MISS_RATE_LIMIT: '1000',
        TRUST_PROXY: '1',
      })
    }, 60_000)

    afterAll(async () => {
      await server?.dispose()
      await upstream?.close()
      await postgres?.stop()
    })

    it('25 slow refreshes on distinct keys: health and sessions answer at once, every chart has its data or the budget reply', async () => {
      const signUp = await fetch(
        `${server.url}/api/auth`,
        json({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'granite-meadow-7710' }),
      )
      expect(signUp.status).toBe(201)
      const token = /coinvera_session=([^;]+)/.exec(signUp.headers.get('set-cookie') ?? '')?.[1]
      expect(token).toBeTruthy()

      // Five coins' details and four charts each: 25 cache keys, each a refresh, each client its own.
      const paths: string[] = []
      // The upstream holds every answer until the probes below are done.
      let answer = () => {}
      const held = new Promise<void>((resolve) => (answer = resolve))
      for (const id of COINS) {
        const detail = JSON.stringify({ ...BITCOIN, id, name: id })
        upstream.behave({ kind: 'ok', until: held, body: detail }, `coins/${id}`)
        upstream.behave({ kind: 'ok', until: held, body: CHART }, `coins/${id}/market_chart`)
        paths.push(`coins/${id}?${DETAIL_QUERY}`)
        for (const days of CHART_DAYS)
          paths.push(`coins/${id}/market_chart?vs_currency=usd&days=${days}`)
      }
      const callsBefore = upstream.calls.length
      const burst = Promise.all(
        paths.map((path, i) =>
          timed(`${server.url}/api/market/${path}`, {
            headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` },
          }),
        ),
      )

      // While the burst's refreshes wait for the upstream: a load balancer's check and a
      // signed-in visitor's session, one after another.
      const probes: Awaited<ReturnType<typeof timed>>[] = []
      await upstream.called(callsBefore + 1)
      for (let round = 0; round < 3; round++) {
        probes.push(await timed(`${server.url}/api/health`))
        probes.push(
          await timed(`${server.url}/api/auth/session`, {
            headers: { Cookie: `coinvera_session=${token}` },
          }),
        )
      }
      answer()
      const answers = await burst

      expect(probes.map((probe) => probe.status)).toEqual(probes.map(() => 200))
      // Before, they waited out the pool's 5 s connect timeout and answered 503. Bounds that hold on
      // a busy 2-core machine: every probe well under that, and the typical one under 300 ms.
      expect(Math.max(...probes.map((probe) => probe.ms))).toBeLessThan(1500)
      expect(median(probes.map((probe) => probe.ms))).toBeLessThan(300)

      for (const answer of answers) {
        if (answer.status === 200) {
          expect(answer.response.headers.get('x-data-source')).toBe('live')
        } else {
          expect(answer.status).toBe(503)
          expect(JSON.parse(answer.body)).toMatchObject({ error: 'upstream_busy' })
          expect(Number(answer.response.headers.get('retry-after'))).toBeGreaterThan(0)
        }
      }
      // The instance refreshes as many at once as its market pool has connections (2).
      const served = answers.filter((answer) => answer.status === 200).length
      expect(served).toBeGreaterThanOrEqual(2)
      expect(server.rawLogs.join('\n')).not.toMatch(/timeout exceeded when trying to connect/i)
    }, 30_000)
  },
)
