import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { COIN_DETAIL_PARAMS } from '@contract/coin'
import { MARKETS_PARAMS } from '@contract/market'
import { SignInLimits } from '../../server/auth/sign-in-limits'
import { type Db, openDb } from '../../server/db/client'
import { createLogger } from '../../server/logger'
import { SharedBudget } from '../../server/shared-state/budget'
import { postgresLimiters, sweepCounters } from '../../server/shared-state/limiters'
import { sweepMarketRows } from '../../server/shared-state/market-rows'
import { sharedMissLimiter } from '../../server/limits/miss-limiter'
import { RateLimiter } from '../../server/limits/rate-limiter'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { describeWith } from '../support/system-deps'
import { type ManualClock, manualClock } from './helpers/clock'
import { findPostgresBin, type Postgres, startPostgres } from './helpers/postgres'
import { json, REFRESH_ENDED, startTestServer, type TestServer } from './helpers/server'

const bin = findPostgresBin()
const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, value]) => [k, String(value)])).toString()
const MARKETS = `/api/market/coins/markets?${query(MARKETS_PARAMS)}`
const TRENDING = '/api/market/search/trending'
const BITCOIN = `/api/market/coins/bitcoin?${query(COIN_DETAIL_PARAMS)}`
const TTL_MS = 60_000

describeWith(
  [{ name: 'PostgreSQL', path: bin }],
  'three instances on one PostgreSQL share market data, budget and limits',
  () => {
    let postgres: Postgres
    let upstream: FakeUpstream
    let servers: TestServer[] = []
    let clock: ManualClock
    // Two connections of our own, as two instances would have, for the stores tested directly.
    const dbs: Db[] = []

    beforeAll(async () => {
      postgres = await startPostgres(bin ?? '')
      // Slow enough that every instance's first refresh overlaps the others'.
      upstream = await startFakeUpstream({ kind: 'ok', delayMs: 400 })
      clock = manualClock()
      const env = {
        DATABASE_URL: postgres.url,
        MARKET_UPSTREAM_URL: upstream.url,
        UPSTREAM_CALLS_PER_MIN: '100',
        // Long enough that waiting out a dead instance's lock would fail the test below.
        UPSTREAM_TIMEOUT_MS: '20000',
      }
      servers = await Promise.all([1, 2, 3].map(() => startTestServer(env, { clock })))
      for (const _ of [1, 2])
        dbs.push(await openDb({ databaseUrl: postgres.url, dataDir: '' }, createLogger('silent')))
    }, 90_000)

    afterAll(async () => {
      for (const server of servers) await server.dispose()
      for (const db of dbs) await db.close()
      await upstream?.close()
      await postgres?.stop()
    })

    const at = (i: number) => servers[i % servers.length]?.url ?? ''

    it('300 concurrent cold requests over three instances: one upstream call per endpoint', async () => {
      const paths = [MARKETS, TRENDING, BITCOIN]
      const responses = await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          const response = await fetch(`${at(i)}${paths[i % 3]}`)
          await response.arrayBuffer()
          return response.status
        }),
      )
      expect(responses.every((status) => status === 200)).toBe(true)
      // The start-up refreshes of the three raced too: still one call each.
      expect(upstream.callsTo('coins/markets')).toHaveLength(1)
      expect(upstream.callsTo('search/trending')).toHaveLength(1)
      expect(upstream.callsTo('coins/bitcoin')).toHaveLength(1)
      // Every instance serves the one fetch, with its time.
      const stamps = await Promise.all(
        [0, 1, 2].map(async (i) =>
          (await fetch(`${at(i)}${MARKETS}`)).headers.get('x-data-updated-at'),
        ),
      )
      expect(new Set(stamps).size).toBe(1)
    })

    it('after the TTL the instances that ask together make one call, and the others read its row', async () => {
      const from = servers.map((server) => server.logs.length)
      clock.advance(TTL_MS)
      // Each instance starts its refresh and waits for it; one of them calls, the others read its
      // row, and every one answers the new data.
      const first = await Promise.all([0, 1, 2].map((i) => fetch(`${at(i)}${MARKETS}`)))
      expect(first.map((r) => r.headers.get('x-data-source'))).toEqual(['cache', 'cache', 'cache'])
      expect(new Set(first.map((r) => r.headers.get('x-data-updated-at'))).size).toBe(1)
      expect(upstream.callsTo('coins/markets')).toHaveLength(2)
      // Once each instance's refresh has ended, each serves the new data from its cache.
      await Promise.all(servers.map((server, i) => refreshEnded(server, 'markets', from[i])))
      const sources = await Promise.all(
        [0, 1, 2].map(async (i) =>
          (await fetch(`${at(i)}${MARKETS}`)).headers.get('x-data-source'),
        ),
      )
      expect(sources).toEqual(['cache', 'cache', 'cache'])
      expect(upstream.callsTo('coins/markets')).toHaveLength(2)
    })

    it('an instance that dies mid-refresh frees its lock with its session; another takes over at once', async () => {
      upstream.behave({ kind: 'hang' }, 'coins/markets')
      clock.advance(TTL_MS)
      await fetch(`${at(0)}${MARKETS}`)
      await upstream.called(3, 'coins/markets')
      // Instance 0's database session ends as a crash would end it.
      const admin = new pg.Client({ connectionString: postgres.url })
      await admin.connect()
      try {
        const { rows } = await admin.query(
          "SELECT pg_terminate_backend(pid) AS ended FROM pg_locks WHERE locktype = 'advisory' AND classid = 4242002",
        )
        expect(rows).toEqual([{ ended: true }])
      } finally {
        await admin.end()
      }
      upstream.behave({ kind: 'ok' }, 'coins/markets')
      const from = servers[2]?.logs.length
      await fetch(`${at(1)}${MARKETS}`)
      await upstream.called(4, 'coins/markets')
      // Instance 2 refreshes from the row instance 1 writes, without a call of its own.
      await fetch(`${at(2)}${MARKETS}`)
      await refreshEnded(servers[2], 'markets', from)
      expect((await fetch(`${at(2)}${MARKETS}`)).headers.get('x-data-source')).toBe('cache')
      expect(upstream.callsTo('coins/markets')).toHaveLength(4)
      // Its timeout is well within UPSTREAM_TIMEOUT_MS, which a waiter on a held lock would wait out.
    }, 15_000)

    it('the budget is one for the deployment, spent atomically from any instance', async () => {
      const now = manualClock(Date.now() + 3_600_000)
      const budgets = dbs.map((db) => new SharedBudget({ db, callsPerMin: 10, clock: now }))
      // Coin pages from two instances at once: their share (10 less the lists' 3) and not one more.
      const coins = await Promise.all(
        Array.from({ length: 30 }, (_, i) => budgets[i % 2]?.take('coins') ?? Promise.resolve(-1)),
      )
      expect(coins.filter((wait) => wait === 0)).toHaveLength(7)
      // The lists still get the rest, then nobody does until a minute has passed.
      const lists = await Promise.all(
        Array.from({ length: 10 }, (_, i) => budgets[i % 2]?.take('lists') ?? Promise.resolve(-1)),
      )
      expect(lists.filter((wait) => wait === 0)).toHaveLength(3)
      expect(await budgets[0]?.used()).toEqual({ lists: 3, coins: 7 })
      expect(await budgets[1]?.take('lists')).toBe(60_000)
      now.advance(60_000)
      expect(await budgets[1]?.take('lists')).toBe(0)
      const { rows } = await (dbs[0] as Db).query<{ n: string }>(
        'SELECT count(*) AS n FROM upstream_calls',
      )
      expect(Number(rows[0]?.n)).toBe(1)
    })

    it('five failed sign-ins spread over three instances are five: the sixth is refused on any', async () => {
      const person = { name: 'Pat', email: 'guess@example.com', password: 'granite-meadow-7710' }
      expect((await fetch(`${at(0)}/api/auth`, json(person))).status).toBe(201)
      for (let i = 0; i < 5; i++) {
        const wrong = await fetch(
          `${at(i)}/api/auth/session`,
          json({ username: person.email, password: `wrong-${i}-password` }),
        )
        expect(wrong.status).toBe(401)
      }
      for (const i of [0, 1, 2]) {
        const refused = await fetch(
          `${at(i)}/api/auth/session`,
          json({ username: person.email, password: person.password }),
        )
        expect(refused.status).toBe(429)
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800)
      }
    })

    it('100 failures on one account across two instances and 25 addresses are 100: the next is refused on either', async () => {
      const [one, two] = dbs.map((db) => new SignInLimits(postgresLimiters(db, clock)))
      for (let i = 0; i < 100; i++) {
        const attempt = await (i % 2 ? one : two)?.begin(`198.51.100.${i % 25}`, 'Many@example.com')
        expect(attempt?.allowed).toBe(true)
      }
      for (const limits of [one, two]) {
        expect((await limits?.begin('192.0.2.9', 'many@EXAMPLE.com'))?.allowed).toBe(false)
      }
      // The owner's own session keeps its count apart.
      const ownSession = new SignInLimits(postgresLimiters(dbs[0] as Db, clock), 'session-password')
      expect((await ownSession.begin('192.0.2.9', 'many@example.com')).allowed).toBe(true)
    })

    it("a client's coin misses count on every instance: once the shared count refuses, so does the instance", async () => {
      const windowMs = 60_000
      const limiterOn = (db: Db | undefined) =>
        sharedMissLimiter({
          local: new RateLimiter({ limit: 3, windowMs, clock }),
          shared: postgresLimiters(db as Db, clock)('coin-miss-test', { limit: 3, windowMs }),
          clock,
          logger: createLogger('silent'),
        })
      const instances = [limiterOn(dbs[0]), limiterOn(dbs[1])]
      const client = '198.51.100.7'
      const allowed: number[] = []
      // Misses alternate between two instances, as behind a load balancer.
      for (let i = 0; i < 10; i++) {
        const limiter = instances[i % 2]
        if (limiter?.check(client).allowed) {
          allowed.push(i)
          await limiter.record(client)
        }
      }
      // Counted alone, each instance would allow 3 (6 in all); shared, the limit plus one
      // miss per instance (the one that learns it), and then none on either.
      expect(allowed).toEqual([0, 1, 2, 3, 4])
      for (const limiter of instances) {
        const refused = limiter.check(client)
        expect(refused.allowed).toBe(false)
        expect(refused.allowed ? 0 : refused.retryAfterS).toBeGreaterThan(0)
      }
      // Another client is not affected.
      expect(instances[1]?.check('198.51.100.8').allowed).toBe(true)
    })

    it('counters count across connections, and sweeping keeps the table bounded', async () => {
      const now = manualClock(Date.now() + 7_200_000)
      const [a, b] = dbs.map((db) =>
        postgresLimiters(db, now)('test', { limit: 3, windowMs: 1000 }),
      )
      const hits = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b)?.hit('198.51.100.1')),
      )
      expect(hits.filter((hit) => hit?.allowed)).toHaveLength(3)
      await a?.release('198.51.100.1')
      expect((await b?.hit('198.51.100.1'))?.allowed).toBe(true)
      for (let i = 0; i < 20; i++) await a?.hit(`203.0.113.${i}`)
      const db = dbs[0] as Db
      const count = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              "SELECT count(*) AS n FROM rate_counters WHERE scope = 'test'",
            )
          ).rows[0]?.n,
        )
      // Clears what earlier tests left (their windows closed by this clock).
      await sweepCounters(db, now)
      expect(await count()).toBe(21)
      // Past its cap the sweep drops the rows closest to closing; closed windows always go.
      expect(await sweepCounters(db, now, 16)).toBe(5)
      expect(await count()).toBe(16)
      now.advance(1000)
      await sweepCounters(db, now)
      expect(await count()).toBe(0)
      expect((await a?.hit('198.51.100.1'))?.allowed).toBe(true)
    })

    it('market rows stay bounded: a day unrefreshed, or past the cap, a row goes; the lists stay', async () => {
      const db = dbs[0] as Db
      const now = clock.now()
      for (let i = 0; i < 30; i++) {
        await db.query('INSERT INTO market_rows (key, body, fetched_at) VALUES ($1, $2, $3)', [
          `coins/test-${i}`,
          '{}',
          // Ten from two days ago, twenty from the last minutes, oldest first.
          i < 10 ? now - 2 * 86_400_000 : now - (30 - i) * 60_000,
        ])
      }
      const keys = async () =>
        (await db.query<{ key: string }>('SELECT key FROM market_rows ORDER BY key')).rows.map(
          (row) => row.key,
        )
      const before = await keys()
      // Beside the 30: the rows the instances wrote (markets, global, trending, bitcoin).
      expect(before).toHaveLength(34)
      // 10 a day old, then the oldest 9 of the rest to leave 15 (the instances' rows among them).
      expect(await sweepMarketRows(db, clock, 15)).toBe(19)
      const after = await keys()
      expect(after).toHaveLength(15)
      expect(after).toEqual(
        expect.arrayContaining(['markets', 'global', 'trending', 'coins/bitcoin', 'coins/test-29']),
      )
      expect(after).not.toContain('coins/test-0')
      expect(after).not.toContain('coins/test-17')
    })

    it('with PostgreSQL down: pages and market data still served, accounts 503, and back without a restart', async () => {
      await postgres.down()
      try {
        clock.advance(TTL_MS)
        for (const i of [0, 1, 2]) {
          const market = await fetch(`${at(i)}${MARKETS}`)
          expect(market.status).toBe(200)
          expect(market.headers.get('x-data-source')).toBe('stale')
          expect((await fetch(`${at(i)}/`)).status).toBe(200)
        }
        const signUp = await fetch(
          `${at(1)}/api/auth`,
          json({ name: 'Ann', email: 'down@example.com', password: 'granite-meadow-7710' }),
        )
        expect(signUp.status).toBe(503)
        expect(signUp.headers.get('retry-after')).toBe('5')
        expect(await signUp.json()).toMatchObject({ error: 'database_unavailable' })
        const signIn = await fetch(
          `${at(2)}/api/auth/session`,
          json({ username: 'down@example.com', password: 'granite-meadow-7710' }),
        )
        expect(signIn.status).toBe(503)
        expect(await signIn.json()).toMatchObject({ error: 'database_unavailable' })
      } finally {
        await postgres.up()
      }
      const signUp = await fetch(
        `${at(1)}/api/auth`,
        json({ name: 'Ann', email: 'down@example.com', password: 'granite-meadow-7710' }),
      )
      expect(signUp.status).toBe(201)
      const signIn = await fetch(
        `${at(2)}/api/auth/session`,
        json({ username: 'down@example.com', password: 'granite-meadow-7710' }),
      )
      expect(signIn.status).toBe(200)
      for (const server of servers)
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    })
  },
)

/** Resolves once the server logs the end of a refresh of `resource` after line `from`. */
async function refreshEnded(server: TestServer | undefined, resource: string, from = 0) {
  await server?.logged((line) => line.msg === REFRESH_ENDED && line.resource === resource, from)
}
