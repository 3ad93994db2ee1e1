import { request } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { COIN_DETAIL_PARAMS } from '@contract/coin'
import { MARKETS_PARAMS } from '@contract/market'
import { findPostgresBin, type Postgres, startPostgres } from '../server/helpers/postgres'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { describeWith } from '../support/system-deps'
import { findNginx, type Nginx, startNginx } from './support/nginx'
import { type SiteServer, startServer } from './support/server'

const postgresBin = findPostgresBin()
const nginxBin = findNginx()
const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, value]) => [k, String(value)])).toString()
const ENDPOINTS = {
  'coins/markets': `/api/market/coins/markets?${query(MARKETS_PARAMS)}`,
  'search/trending': '/api/market/search/trending',
  'coins/bitcoin': `/api/market/coins/bitcoin?${query(COIN_DETAIL_PARAMS)}`,
  'coins/bitcoin/market_chart': '/api/market/coins/bitcoin/market_chart?vs_currency=usd&days=7',
} as const
type Endpoint = keyof typeof ENDPOINTS
// Short lists' TTLs, so the steady load's 45 s hold many of them.
const TTL_MS = 3000
// nginx connects to the instances from this address: their TRUST_PROXY.
const NGINX_HOP = '127.0.0.2'
const PASSWORD = 'granite-meadow-7710'

type Reply = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One HTTP request from a chosen loopback address (`from`), as a distinct client would send it. */
function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {},
): Promise<Reply> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? (body ? 'POST' : 'GET'),
        localAddress: init.from ?? '127.0.0.1',
        agent: false,
        headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describeWith(
  [
    { name: 'PostgreSQL', path: postgresBin },
    { name: 'nginx', path: nginxBin },
  ],
  'nginx in front of three instances on one PostgreSQL',
  () => {
    let postgres: Postgres
    let upstream: FakeUpstream
    let instances: SiteServer[] = []
    let nginx: Nginx

    beforeAll(async () => {
      postgres = await startPostgres(postgresBin ?? '')
      upstream = await startFakeUpstream({ kind: 'ok', delayMs: 300 })
      const env = {
        DATABASE_URL: postgres.url,
        MARKET_UPSTREAM_URL: upstream.url,
        TRUST_PROXY: NGINX_HOP,
        MARKETS_TTL_S: String(TTL_MS / 1000),
        TRENDING_TTL_S: String(TTL_MS / 1000),
        UPSTREAM_CALLS_PER_MIN: '200',
        COIN_MISS_RATE_LIMIT: '1000',
      }
      instances = await Promise.all([1, 2, 3].map(() => startServer(env)))
      nginx = await startNginx(nginxBin ?? '', {
        instances: instances.map((instance) => new URL(instance.url).host),
        bind: NGINX_HOP,
      })
    }, 120_000)

    afterAll(async () => {
      await nginx?.stop()
      for (const instance of instances) await instance.stop()
      await upstream?.close()
      await postgres?.stop()
    })

    /**
     * Which instance answered each request, by its X-Request-Id: found in the instances' request
     * logs. An instance logs a request once it has answered it, and writes its log
     * asynchronously, so under load the line can come after the answer: this waits for every one.
     */
    async function whoAnswered(ids: string[]): Promise<number[]> {
      const answeredBy = () =>
        ids.map((id) =>
          instances.flatMap((instance, i) =>
            instance.output().includes(`"requestId":"${id}"`) ? [i] : [],
          ),
        )
      await expect.poll(() => answeredBy().every((found) => found.length > 0)).toBe(true)
      // Each by exactly one instance.
      expect(answeredBy().map((found) => found.length)).toEqual(ids.map(() => 1))
      return answeredBy().map(([i]) => i ?? -1)
    }

    it('sign-up, sign-in, session, sign-out: each request lands where nginx sends it', async () => {
      const email = 'roam@example.com'
      const id = (step: string) => ({ 'X-Request-Id': `roam-${step}` })
      const signUp = await send(`${nginx.url}/api/auth`, {
        body: { name: 'Pat', email, password: PASSWORD },
        headers: id('sign-up'),
      })
      expect(signUp.status).toBe(201)
      const signIn = await send(`${nginx.url}/api/auth/session`, {
        body: { username: email, password: PASSWORD },
        headers: id('sign-in'),
      })
      expect(signIn.status).toBe(200)
      const cookie = [signIn.headers['set-cookie'] ?? []]
        .flat()
        .map((header) => header.split(';')[0])
        .find((pair) => pair?.startsWith('coinvera_session='))
      const headers = { Cookie: cookie ?? '' }
      const me = await send(`${nginx.url}/api/auth/session`, {
        headers: { ...headers, ...id('session') },
      })
      expect(me.status).toBe(200)
      expect(JSON.parse(me.body).user.email).toBe(email)
      const signOut = await send(`${nginx.url}/api/auth/session`, {
        method: 'DELETE',
        headers: { ...headers, ...id('sign-out') },
      })
      expect(signOut.status).toBe(204)
      const after = await send(`${nginx.url}/api/auth/session`, {
        headers: { ...headers, ...id('signed-out') },
      })
      expect(after.status).toBe(401)
      // Five requests, round robin over three instances: every instance answered some.
      const answeredBy = await whoAnswered(
        ['sign-up', 'sign-in', 'session', 'sign-out', 'signed-out'].map((step) => `roam-${step}`),
      )
      expect(new Set(answeredBy)).toEqual(new Set([0, 1, 2]))
    })

    it('300 concurrent cold requests through nginx: exactly one upstream call per endpoint', async () => {
      // The lists are fetched at start: wait until their newest copy is past its TTL, so this
      // burst must refresh. Newest as any instance knows it (the copy they share is the one its
      // last fetcher holds): an instance's own view can be stale while the shared one is fresh.
      // Until that first fetch has landed the instances show the bundled sample, days old, and a
      // burst then joins the fetch in flight (no call of its own: seen when the start was quick).
      type List = { source: string; updatedAt: string | null; fetching: boolean }
      const newestCopy = async () => {
        const views = await Promise.all(
          instances.map(async (instance) => {
            const health = await (await fetch(`${instance.url}/api/health/detail`)).json()
            const { markets, trending } = health.upstream as Record<string, List>
            return [markets, trending] as List[]
          }),
        )
        const fetched = [0, 1].map((list) =>
          views.flatMap((view) => (view[list]?.source === 'upstream' ? [view[list]] : [])),
        )
        if (fetched.some((copies) => copies.length === 0)) return Date.now()
        if (views.flat().some((list) => list.fetching)) return Date.now()
        return Math.max(...fetched.flat().map((list) => Date.parse(list.updatedAt ?? '')))
      }
      await expect
        .poll(async () => Date.now() - (await newestCopy()), { timeout: TTL_MS + 10_000 })
        .toBeGreaterThan(TTL_MS)
      const before = Object.fromEntries(
        Object.keys(ENDPOINTS).map((path) => [path, upstream.callsTo(path).length]),
      )
      const paths = Object.values(ENDPOINTS)
      const statuses = await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          const response = await fetch(`${nginx.url}${paths[i % paths.length]}`)
          await response.arrayBuffer()
          return response.status
        }),
      )
      expect(statuses.filter((status) => status !== 200)).toEqual([])
      for (const path of Object.keys(ENDPOINTS)) {
        expect({ path, calls: upstream.callsTo(path).length - (before[path] ?? 0) }).toEqual({
          path,
          calls: 1,
        })
      }
    })

    it('brute force is counted across instances, and only the X-Forwarded-For nginx set counts', async () => {
      const email = 'brute@example.com'
      expect(
        (await send(`${nginx.url}/api/auth`, { body: { name: 'Bo', email, password: PASSWORD } }))
          .status,
      ).toBe(201)
      const signIn = (base: string, password: string, from: string, forwardedFor?: string) =>
        send(`${base}/api/auth/session`, {
          body: { username: email, password },
          from,
          headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
        })
      // Five wrong guesses from one client, over the three instances, each claiming another address.
      for (let i = 0; i < 5; i++) {
        expect(
          (await signIn(nginx.url, `wrong-guess-${i}`, '127.0.0.3', `198.51.100.${i}`)).status,
        ).toBe(401)
      }
      // The sixth is refused, whichever instance takes it and whatever the client claims.
      for (let i = 0; i < 3; i++) {
        const refused = await signIn(nginx.url, PASSWORD, '127.0.0.3', `203.0.113.${i}`)
        expect(refused.status).toBe(429)
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800)
      }
      // Another client behind nginx is another address: nginx's X-Forwarded-For is believed.
      expect((await signIn(nginx.url, PASSWORD, '127.0.0.4', '127.0.0.3')).status).toBe(200)
      // Straight to an instance, not through the nginx hop: the header is ignored, so claiming to
      // be the refused client changes nothing, and the real address is not refused.
      const direct = instances[0]?.url ?? ''
      expect((await signIn(direct, PASSWORD, '127.0.0.5', '127.0.0.3')).status).toBe(200)
      expect((await signIn(direct, PASSWORD, '127.0.0.3', '127.0.0.9')).status).toBe(429)
    })

    it('steady load: at most one call per endpoint per TTL; a killed instance fails only its in-flight requests', {
      timeout: 120_000,
    }, async () => {
      upstream.behave({ kind: 'ok', delayMs: 50 })
      const targets = [
        ENDPOINTS['coins/markets'],
        ENDPOINTS['search/trending'],
        ENDPOINTS['coins/bitcoin'],
        '/',
        '/crypto',
        '/coins/bitcoin',
      ]
      const started = Date.now()
      // Fifteen TTLs of the lists, and less than the coin's minute: what the checks below count.
      const DURATION_MS = 45_000
      const TICK_MS = 300
      let inFlight = 0
      let inFlightAtKill = -1
      let killedAt = Number.POSITIVE_INFINITY
      const failures: { at: number; what: string }[] = []
      let total = 0
      const pending: Promise<void>[] = []
      const fire = (path: string) => {
        const at = Date.now()
        inFlight++
        total++
        return fetch(`${nginx.url}${path}`, { signal: AbortSignal.timeout(15_000) })
          .then(async (response) => {
            await response.arrayBuffer()
            if (response.status >= 400) failures.push({ at, what: `${path}: ${response.status}` })
          })
          .catch((error: Error) => {
            failures.push({ at, what: `${path}: ${error.message}` })
          })
          .finally(() => {
            inFlight--
          })
      }
      // Kill instance 3 half-way, between two refreshes of the lists (a refresh it dies in is
      // taken over at once, which is the other test's; here the calls are counted per TTL).
      const killer = (async () => {
        await sleep(DURATION_MS / 2)
        for (;;) {
          const lastCall = Math.max(...upstream.calls.map((call) => call.at))
          const sinceLast = Date.now() - lastCall
          if (sinceLast > 300 && sinceLast < TTL_MS - 1500) break
          await sleep(50)
        }
        inFlightAtKill = inFlight
        killedAt = Date.now()
        await instances[2]?.kill()
      })()
      // A few requests a second per target, through nginx, on a fixed schedule: a timer late on
      // a busy machine is made up at the next tick, so the load is the same however busy.
      let ticks = 0
      for (; ticks * TICK_MS < DURATION_MS; ticks++) {
        await sleep(started + ticks * TICK_MS - Date.now())
        for (const path of targets) pending.push(fire(path))
      }
      await killer
      await Promise.all(pending)

      expect(inFlightAtKill).toBeGreaterThanOrEqual(0)
      expect(failures.length).toBeLessThanOrEqual(inFlightAtKill)
      // Nothing started a moment after the kill failed: nginx goes to the living instances.
      expect(failures.filter((failure) => failure.at > killedAt + 1000)).toEqual([])
      expect(total).toBe(ticks * targets.length)

      const during = (path: Endpoint) =>
        upstream
          .callsTo(path)
          .filter((call) => call.at >= started)
          .map((call) => call.at)
      for (const path of ['coins/markets', 'search/trending'] as const) {
        const calls = during(path)
        // Pages ask for fresh lists: they are refreshed about every TTL, never sooner.
        expect(calls.length).toBeGreaterThanOrEqual(DURATION_MS / TTL_MS / 2)
        expect(calls.length).toBeLessThanOrEqual(DURATION_MS / TTL_MS + 1)
        const gaps = calls.slice(1).map((at, i) => at - (calls[i] ?? 0))
        expect({ path, shortest: Math.min(...gaps) >= TTL_MS - 50 }).toEqual({
          path,
          shortest: true,
        })
      }
      // The coin's details live a minute: at most one call in less than a minute.
      expect(during('coins/bitcoin').length).toBeLessThanOrEqual(DURATION_MS / 60_000 + 1)
    })
  },
)
