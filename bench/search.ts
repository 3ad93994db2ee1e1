import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon, { type Request } from 'autocannon'
import { CoinIndex, type ListedCoin } from '../server/search/coin-index'
import { CoinSearch, type MarketRow } from '../server/search/coin-search'
import { get } from './lib/net'
import { stop } from './lib/processes'
import { ROOT, startApp, startBenchUpstream } from './lib/servers'
import { cpuTimeUs, MARKETS_PATH } from './throughput'
import { realCapture } from '../tests/support/real-captures'

const QUERIES = 10_000
/** The fixture's real coins (mocks/fixtures/coins-list.json), the first of the bench's list. */
const REAL_COINS = 27

/** Time per query, in ms: wall (performance.now) and CPU (process.cpuUsage) around each call. */
export type QueryTimes = {
  wall: { p50: number; p95: number; p99: number }
  cpu: { mean: number; p95: number }
}

export type SearchBench = {
  coins: number
  queries: number
  /** Distinct queries among them (the rest repeat one, as visitors do). */
  distinct: number
  /** The matcher alone (server/search/coin-index.ts), nothing kept between queries. */
  matcher: QueryTimes
  /** The server's search code as a request calls it: the matcher behind its kept answers. */
  server: QueryTimes
  /** The machine's 1-minute load average when the times were taken (2 cores). */
  loadAverage: number
  /** Means over the rounds: requests per second, and the server's CPU time per request (µs). */
  search: { requestsPerS: number; cpuUsPerRequest: number }
  markets: { requestsPerS: number; cpuUsPerRequest: number }
  rounds: number
  /** Search over the cached markets endpoint, in requests per second, in the same run. */
  ratio: number
  /** Markets' CPU per request over search's: the same comparison, unmoved by other processes. */
  cpuRatio: number
  /** Search's answers in the throughput run: by status, and requests that got none. */
  statuses: { '2xx': number; other: number; errors: number; timeouts: number }
}

/** A repeatable pseudo-random sequence (the same list and queries on every run). */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 16_807) % 2_147_483_647
    return state / 2_147_483_647
  }
}

/**
 * CoinGecko's coin list as it was in July 2025 (17,589 coins, tests/fixtures/coingecko-real/), after
 * the fixture's 27 coins, which the queries are drawn from and the ranks given to.
 */
export function benchList(): ListedCoin[] {
  const fixture: ListedCoin[] = JSON.parse(
    readFileSync(join(ROOT, 'mocks/fixtures/coins-list.json'), 'utf8'),
  )
  const ids = new Set(fixture.map((coin) => coin.id))
  const real: ListedCoin[] = JSON.parse(realCapture('coins-list-2025-07.json.gz'))
  return [...fixture, ...real.filter((coin) => !ids.has(coin.id))]
}

/** Queries drawn from the real coins' names and symbols: prefixes, whole words, typos and misses. */
export function benchQueries(list: ListedCoin[]): string[] {
  const real = list.slice(0, REAL_COINS)
  const next = random(11)
  const queries: string[] = []
  for (let i = 0; i < QUERIES; i++) {
    const coin = real[Math.floor(next() * real.length)] as ListedCoin
    const text = next() < 0.4 ? coin.symbol : coin.name
    const kind = next()
    if (kind < 0.45) queries.push(text.slice(0, 1 + Math.floor(next() * text.length)))
    else if (kind < 0.65) queries.push(text)
    else if (kind < 0.85 && text.length >= 4) {
      // One typo: two neighbours swapped, or a letter left out.
      const at = 1 + Math.floor(next() * (text.length - 2))
      queries.push(
        next() < 0.5
          ? text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2)
          : text.slice(0, at) + text.slice(at + 1),
      )
    } else queries.push(`${text.slice(0, 2)}qzx${Math.floor(next() * 100)}`)
  }
  return queries
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number

/**
 * Each query's wall time and CPU time around `run`, after a warm-up pass. CPU time leaves out
 * the moments another process had the core (the machine is shared); wall time includes them.
 */
function timeEach(queries: string[], run: (query: string) => void): QueryTimes {
  for (const query of queries.slice(0, 1000)) run(query)
  const wall: number[] = []
  const cpu: number[] = []
  for (const query of queries) {
    const cpuBefore = process.cpuUsage()
    const start = performance.now()
    run(query)
    wall.push(performance.now() - start)
    const used = process.cpuUsage(cpuBefore)
    cpu.push((used.user + used.system) / 1000)
  }
  wall.sort((a, b) => a - b)
  cpu.sort((a, b) => a - b)
  return {
    wall: { p50: percentile(wall, 0.5), p95: percentile(wall, 0.95), p99: percentile(wall, 0.99) },
    cpu: { mean: cpu.reduce((sum, ms) => sum + ms, 0) / cpu.length, p95: percentile(cpu, 0.95) },
  }
}

/**
 * Search over a list of CoinGecko's size: the time per query, in this process, of the matcher
 * alone (nothing kept) and of the server's search code (answers kept until the ranks change),
 * then the real server's requests per second and CPU per request on those queries against the
 * cached markets endpoint's, in `rounds` rounds whose order turns (search first, then markets
 * first), at `connections` connections. The server runs with
 * SEARCH_RATE_LIMIT raised: every request comes from this one address, and the bench measures
 * the endpoint, not its per-client limit.
 */
export async function measureSearch(
  tmpDir: string,
  options: { connections: number; durationS: number; warmupS: number; rounds: number },
  log: (line: string) => void,
): Promise<SearchBench> {
  const list = benchList()
  const queries = benchQueries(list)
  // The fixture's coins' ranks (bitcoin first); the rest of the list has none.
  const rows: MarketRow[] = list
    .slice(0, REAL_COINS)
    .map((coin, i) => ({ id: coin.id, rank: i + 1, image: null }))
  const index = new CoinIndex(list)
  const rankOf = (coin: number) => (coin < REAL_COINS ? coin + 1 : 0)
  const matcher = timeEach(queries, (query) => index.search(query, rankOf, 10))
  const search = new CoinSearch({
    list: () => ({ coins: list, source: 'upstream' }),
    refreshList: () => {},
    marketRows: () => [rows],
  })
  const server = timeEach(queries, (query) => search.search(query))
  const loadAverage = loadavg()[0] as number

  const upstream = await startBenchUpstream(0)
  upstream.behave({ kind: 'ok', body: JSON.stringify(list) }, 'coins/list')
  const app = await startApp('server-search', {
    tmpDir,
    upstreamUrl: upstream.url,
    env: { MARKETS_TTL_S: '3600', SEARCH_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn' },
  })
  try {
    // The server has the list once a search finds a coin only it has.
    const last = list.at(-1) as ListedCoin
    for (let tries = 0; tries < 100; tries++) {
      const found = await get(`${app.url}/api/search?q=${encodeURIComponent(last.id)}`)
      if (found.body.toString().includes(`"${last.id}"`)) break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    // One request whose path is drawn anew each time, from the queries in turn, shared by all
    // connections. Given 10,000 requests, autocannon builds every one for every connection
    // before the first is sent (a second or more at 100 connections), long enough for the first
    // connections' request timers to fire: the "errors" earlier runs reported.
    const paths = queries.map((query) => `/api/search?q=${encodeURIComponent(query)}`)
    let turn = 0
    const searchRequest = {
      setupRequest: (request: Request) => ({
        ...request,
        path: paths[turn++ % paths.length] as string,
      }),
    }
    const pid = app.process.child.pid
    const run = async (requests: Request[]) => {
      await autocannon({
        url: app.url,
        requests,
        connections: options.connections,
        duration: options.warmupS,
      })
      const cpuBefore = cpuTimeUs(pid)
      const result = await autocannon({
        url: app.url,
        requests,
        connections: options.connections,
        duration: options.durationS,
      })
      return { result, cpuUsPerRequest: (cpuTimeUs(pid) - cpuBefore) / result.requests.total }
    }
    const searches: Awaited<ReturnType<typeof run>>[] = []
    const marketRuns: Awaited<ReturnType<typeof run>>[] = []
    for (let round = 0; round < options.rounds; round++) {
      const order = [
        async () => searches.push(await run([searchRequest])),
        async () => marketRuns.push(await run([{ path: MARKETS_PATH }])),
      ]
      if (round % 2 === 1) order.reverse()
      for (const measure of order) await measure()
    }
    const mean = (runs: typeof searches, pick: (r: (typeof searches)[number]) => number) =>
      runs.reduce((sum, r) => sum + pick(r), 0) / runs.length
    const figures = (runs: typeof searches) => ({
      requestsPerS: mean(runs, (r) => r.result.requests.average),
      cpuUsPerRequest: mean(runs, (r) => r.cpuUsPerRequest),
    })
    const total = (pick: (r: (typeof searches)[number]) => number) =>
      searches.reduce((sum, r) => sum + pick(r), 0)
    const searchFigures = figures(searches)
    const marketsFigures = figures(marketRuns)
    const result: SearchBench = {
      coins: list.length,
      queries: queries.length,
      distinct: new Set(queries).size,
      matcher,
      server,
      loadAverage,
      search: searchFigures,
      markets: marketsFigures,
      rounds: options.rounds,
      ratio: searchFigures.requestsPerS / marketsFigures.requestsPerS,
      cpuRatio: marketsFigures.cpuUsPerRequest / searchFigures.cpuUsPerRequest,
      statuses: {
        '2xx': total((r) => r.result['2xx']),
        other: total((r) => r.result.non2xx),
        errors: total((r) => r.result.errors),
        timeouts: total((r) => r.result.timeouts),
      },
    }
    log(
      `  search ${Math.round(searchFigures.requestsPerS)} req/s, markets ${Math.round(marketsFigures.requestsPerS)} req/s; ` +
        `matcher p95 ${matcher.wall.p95.toFixed(3)} ms wall, ${matcher.cpu.p95.toFixed(3)} ms CPU`,
    )
    return result
  } finally {
    await stop(app.process)
    await upstream.close()
  }
}
