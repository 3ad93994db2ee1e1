import { readFileSync, writeFileSync } from 'node:fs'
import { Agent } from 'node:http'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { get } from './lib/net'
import { stop } from './lib/processes'
import { startApp, startBare, startBenchUpstream } from './lib/servers'

export const MARKETS_PATH =
  '/api/market/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=6&page=1&sparkline=false&locale=en'
const TRENDING_PATH = '/api/market/search/trending'

export type LoadRun = {
  target: 'server' | 'hono' | 'libs'
  requestsPerS: number
  p50Ms: number
  p99Ms: number
  requests: number
  errors: number
  non2xx: number
  /** CPU time (user + system) the target process spent per request during the run, in µs. */
  cpuUsPerRequest: number
}

export type ThroughputResult = {
  connections: number
  durationS: number
  warmupS: number
  responseBytes: number
  dataSource: string
  runs: LoadRun[]
  server: Figures
  /** A minimal Hono app on @hono/node-server sending the same response (one route, nothing else). */
  hono: Figures
  /**
   * A Hono app on the libraries the server uses, as their guides set them up (a request id, a
   * pino line per request, secure headers, vValidator on the same schema), sending the same bytes:
   * what the server costs beyond it is our own code.
   */
  libs: Figures
  /** Server over minimal Hono app, in requests per second. */
  ratio: number
  /** Server over the Hono app on the same libraries. */
  libsRatio: number
  /**
   * Hono's CPU per request over the server's: the same comparison as `ratio`, but much less moved
   * by other work on the machine, which slows both processes' requests alike.
   */
  cpuRatio: number
  /** 1-minute load average before and after the runs. */
  loadAverage: [number, number]
}

// Node's http server adds these itself, on both sides alike.
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive'])

/** User + system CPU time of a process so far, in µs (Linux /proc; NaN elsewhere). */
export function cpuTimeUs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    // utime and stime (fields 14 and 15 of stat) are in clock ticks, 100 per second on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return Number.NaN
  }
}

async function load(
  target: LoadRun['target'],
  url: string,
  pid: number | undefined,
  options: {
    connections: number
    durationS: number
    warmupS: number
    requestHeaders?: Record<string, string>
  },
): Promise<LoadRun> {
  const headers = options.requestHeaders
  await autocannon({ url, headers, connections: options.connections, duration: options.warmupS })
  const cpuBefore = cpuTimeUs(pid)
  const result = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.durationS,
  })
  const cpuUs = cpuTimeUs(pid) - cpuBefore
  return {
    cpuUsPerRequest: cpuUs / result.requests.total,
    target,
    requestsPerS: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

type Figures = { requestsPerS: number; p99Ms: number; cpuUsPerRequest: number }

function mean(runs: LoadRun[], pick: (run: LoadRun) => number): number {
  return runs.reduce((sum, run) => sum + pick(run), 0) / runs.length
}

function figures(runs: LoadRun[], target: LoadRun['target']): Figures {
  const mine = runs.filter((run) => run.target === target)
  return {
    requestsPerS: mean(mine, (run) => run.requestsPerS),
    p99Ms: mean(mine, (run) => run.p99Ms),
    cpuUsPerRequest: mean(mine, (run) => run.cpuUsPerRequest),
  }
}

/**
 * Requests per second of `path` (the cached markets endpoint unless told: the home page, rendered
 * with that data, is the other) against a minimal Hono app and a Hono app on the server's
 * libraries, sending the very bytes the real one sent (status, headers, body), each in its own
 * process, at `connections` connections. The order of the three turns every round, so drift on
 * the machine weighs on all alike; each figure is the mean of its runs.
 */
export async function measureThroughput(
  tmpDir: string,
  options: {
    connections: number
    durationS: number
    warmupS: number
    rounds: number
    serverEnv?: Record<string, string>
    path?: string
    requestHeaders?: Record<string, string>
  },
  log: (line: string) => void,
): Promise<ThroughputResult> {
  const path = options.path ?? MARKETS_PATH
  const upstream = await startBenchUpstream(0)
  const app = await startApp('server-throughput', {
    tmpDir,
    upstreamUrl: upstream.url,
    // Cached for the whole measurement: the endpoint is measured, not the upstream.
    env: { MARKETS_TTL_S: '3600', TRENDING_TTL_S: '3600', ...options.serverEnv },
  })
  try {
    // Wait until the data is cached, then record the reply the load asks for.
    let markets = await get(app.url + MARKETS_PATH)
    for (let tries = 0; markets.headers['x-data-source'] !== 'cache' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      markets = await get(app.url + MARKETS_PATH)
    }
    const dataSource = String(markets.headers['x-data-source'])
    const url = app.url + path
    const recorded = await get(url, { headers: options.requestHeaders })
    if (recorded.status !== 200) throw new Error(`${path} answered ${recorded.status}`)

    // Raw header pairs keep the server's own spelling and order.
    const raw = recorded.rawHeaders
    const headers: [string, string][] = []
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i] as string
      if (!HOP_HEADERS.has(name.toLowerCase())) headers.push([name, raw[i + 1] as string])
    }
    const replayFile = join(tmpDir, `replay-${path === MARKETS_PATH ? 'markets' : 'page'}.json`)
    writeFileSync(
      replayFile,
      JSON.stringify({ status: 200, headers, bodyBase64: recorded.body.toString('base64') }),
    )
    const hono = await startBare('hono-api', tmpDir, ['--replay', replayFile, '--hono'])
    const libs = await startBare('hono-libs-api', tmpDir, ['--replay', replayFile, '--hono-libs'])
    const targets = {
      server: { url, pid: app.process.child.pid },
      hono: { url: hono.url + path, pid: hono.process.child.pid },
      libs: { url: libs.url + path, pid: libs.process.child.pid },
    }
    for (const reference of [targets.hono, targets.libs]) {
      const check = await get(reference.url, { headers: options.requestHeaders })
      if (!check.body.equals(recorded.body)) throw new Error(`${reference.url} sends other bytes`)
    }

    const loadBefore = loadavg()[0] ?? Number.NaN
    const runs: LoadRun[] = []
    const rotation: LoadRun['target'][] = ['server', 'hono', 'libs']
    for (let round = 0; round < options.rounds; round++) {
      const order = [...rotation.slice(round % 3), ...rotation.slice(0, round % 3)]
      for (const target of order) {
        const run = await load(target, targets[target].url, targets[target].pid, options)
        runs.push(run)
        log(
          `  ${target.padEnd(6)} ${Math.round(run.requestsPerS)} req/s, p99 ${run.p99Ms} ms, ` +
            `${run.cpuUsPerRequest.toFixed(1)} µs CPU/request` +
            (run.errors || run.non2xx ? `, ${run.errors} errors, ${run.non2xx} non-2xx` : ''),
        )
      }
    }
    await stop(libs.process)
    await stop(hono.process)
    const server = figures(runs, 'server')
    const honoFigures = figures(runs, 'hono')
    const libsFigures = figures(runs, 'libs')
    return {
      connections: options.connections,
      durationS: options.durationS,
      warmupS: options.warmupS,
      responseBytes: recorded.body.length,
      dataSource,
      runs,
      server,
      hono: honoFigures,
      libs: libsFigures,
      ratio: server.requestsPerS / honoFigures.requestsPerS,
      libsRatio: server.requestsPerS / libsFigures.requestsPerS,
      cpuRatio: honoFigures.cpuUsPerRequest / server.cpuUsPerRequest,
      loadAverage: [loadBefore, loadavg()[0] ?? Number.NaN],
    }
  } finally {
    await stop(app.process)
    await upstream.close()
  }
}

export type ColdCacheResult = {
  upstreamDelayMs: number
  requestsPerEndpoint: number
  endpoints: {
    path: string
    upstreamCalls: number
    statuses: Record<string, number>
    sources: Record<string, number>
    slowestMs: number
  }[]
  /** Upstream calls per endpoint counted again a while after the burst. */
  upstreamCallsAfter: Record<string, number>
}

function tally(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

/**
 * A fresh server (so an empty cache) behind an upstream that takes `delayMs` to answer; as soon
 * as it is up, `requests` concurrent requests per endpoint, each on its own connection, both
 * endpoints at once. The upstream counts its calls.
 */
export async function measureColdCache(
  tmpDir: string,
  options: { delayMs: number; requests: number },
  log: (line: string) => void,
): Promise<ColdCacheResult> {
  const upstream = await startBenchUpstream(options.delayMs)
  // The upstream is slow, not failing: give the first request time to get the live answer.
  const app = await startApp('server-cold', {
    tmpDir,
    upstreamUrl: upstream.url,
    // Every request on its own connection, both bursts at once: past MAX_CONNECTIONS (1000 by
    // default) the server closes the extra ones, which this measure is not about.
    env: {
      MARKET_FIRST_WAIT_MS: String(options.delayMs * 5),
      MAX_CONNECTIONS: String(options.requests * 2 + 100),
      LOG_LEVEL: 'warn',
    },
  })
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })
  try {
    const burst = (path: string) =>
      Array.from({ length: options.requests }, () =>
        get(app.url + path, { agent, timeoutMs: 30_000 }).then(
          (res) => ({
            status: String(res.status),
            source: String(res.headers['x-data-source']),
            ms: res.ms,
          }),
          (error: Error) => ({ status: `error: ${error.message}`, source: 'none', ms: Number.NaN }),
        ),
      )
    const [markets, trending] = await Promise.all([
      Promise.all(burst(MARKETS_PATH)),
      Promise.all(burst(TRENDING_PATH)),
    ])
    const endpoints = [
      { path: MARKETS_PATH, upstream: 'coins/markets', answers: markets },
      { path: TRENDING_PATH, upstream: 'search/trending', answers: trending },
    ].map(({ path, upstream: upstreamPath, answers }) => ({
      path,
      upstreamCalls: upstream.callsTo(upstreamPath).length,
      statuses: tally(answers.map((answer) => answer.status)),
      sources: tally(answers.map((answer) => answer.source)),
      slowestMs: Math.round(Math.max(...answers.map((answer) => answer.ms))),
    }))
    for (const endpoint of endpoints) {
      log(
        `  ${endpoint.path.split('?')[0]}: ${endpoint.upstreamCalls} upstream call(s), ` +
          `sources ${JSON.stringify(endpoint.sources)}, slowest ${endpoint.slowestMs} ms`,
      )
    }
    // Nothing else should reach the upstream afterwards (the data is fresh for its TTL).
    await new Promise((resolve) => setTimeout(resolve, options.delayMs * 2))
    return {
      upstreamDelayMs: options.delayMs,
      requestsPerEndpoint: options.requests,
      endpoints,
      upstreamCallsAfter: tally(upstream.calls.map((call) => call.path)),
    }
  } finally {
    agent.destroy()
    await stop(app.process)
    await upstream.close()
  }
}
