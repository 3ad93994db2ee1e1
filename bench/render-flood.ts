import { Agent } from 'node:http'
import { sampleCoinSources } from '../server/market/sample/coins'
import { CHART_RANGES } from '@contract/coin'
import { UPSTREAM_CURRENCIES } from '@contract/currency'
import { freePort, get, LOOPBACK, postJson } from './lib/net'
import { stop } from './lib/processes'
import { startApp } from './lib/servers'
import { median } from './lib/stats'
import { type Row, row } from './report'
import { cpuTimeUs } from './throughput'

export type FloodPhase = {
  /** Page loads served in the phase, their statuses, and per second of the phase. */
  requests: number
  statuses: Record<string, number>
  requestsPerS: number
  /** CPU time (user + system) of the server per page load, in µs. */
  cpuUsPerRequest: number
  /** Sign-in attempts made meanwhile, one after another: their times, statuses and median. */
  signInMs: number[]
  signInStatuses: Record<string, number>
  signInMedianMs: number
}

export type RenderFloodResult = {
  loops: number
  durationS: number
  /** Every sample coin × range × currency: the pages sample data alone can make. */
  keys: number
  distinct: FloodPhase
  cached: FloodPhase
  /** Page loads per second on the cached page over those on the distinct keys (cost per request). */
  costRatio: number
  /** Sign-in's median during the distinct keys over its median during the cached page. */
  signInRatio: number
  /** Every key rendered once, with no per-client limit: what the render cache then holds. */
  fill: { pages: number; bytes: number; maxBytes: number }
}

const PASSWORD = 'granite-meadow-7710'
const EMAIL = 'bench-flood@example.com'
const CACHED_PAGE = '/coins/bitcoin'
// Bounded in requests as well as time: a phase ends at whichever comes first.
const MAX_REQUESTS = 500_000

/** Every coin page sample data can make: sample coin × chart range × currency. */
function sampleKeys(): string[] {
  return [...sampleCoinSources.keys()].flatMap((id) =>
    Object.keys(CHART_RANGES).flatMap((range) =>
      UPSTREAM_CURRENCIES.map((currency) => `/coins/${id}?range=${range}&currency=${currency}`),
    ),
  )
}

/**
 * `loops` loops from one client over `paths` (in turn, the loops sharing one position) for
 * `durationS` (or `MAX_REQUESTS`), while one sign-in attempt after another is timed, with a
 * short pause between.
 */
async function phase(
  url: string,
  pid: number | undefined,
  paths: string[],
  options: { loops: number; durationS: number },
): Promise<FloodPhase> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.loops })
  const statuses: Record<string, number> = {}
  const signInMs: number[] = []
  const signInStatuses: Record<string, number> = {}
  const startedAt = Date.now()
  const endsAt = startedAt + options.durationS * 1000
  let next = 0
  let requests = 0
  const running = () => Date.now() < endsAt && next < MAX_REQUESTS
  const cpuBefore = cpuTimeUs(pid)
  const loop = async () => {
    while (running()) {
      const path = paths[next++ % paths.length] as string
      const status = await get(url + path, {
        agent,
        headers: { 'Accept-Encoding': 'br' },
        timeoutMs: 30_000,
      }).then(
        (res) => String(res.status),
        (error: Error) => `error: ${error.message}`,
      )
      statuses[status] = (statuses[status] ?? 0) + 1
      requests++
    }
  }
  const signIns = async () => {
    while (running()) {
      // A 503 busy (the hashing queue full for a second) is timed too: a sign-in that failed.
      const res = await postJson(`${url}/api/auth/session`, { username: EMAIL, password: PASSWORD })
      signInStatuses[res.status] = (signInStatuses[res.status] ?? 0) + 1
      signInMs.push(res.ms)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  let loopsDoneAt = 0
  try {
    const pages = Promise.all(Array.from({ length: options.loops }, loop)).then(() => {
      loopsDoneAt = Date.now()
    })
    await Promise.all([pages, signIns()])
  } finally {
    agent.destroy()
  }
  const cpuUs = cpuTimeUs(pid) - cpuBefore
  return {
    requests,
    statuses,
    requestsPerS: requests / ((loopsDoneAt - startedAt) / 1000),
    cpuUsPerRequest: cpuUs / requests,
    signInMs,
    signInStatuses,
    signInMedianMs: median(signInMs),
  }
}

/** Renders every key once on a server with no per-client limit: what its render cache keeps. */
async function fill(tmpDir: string, deadUpstream: string, keys: string[]) {
  const app = await startApp('server-render-fill', {
    tmpDir,
    upstreamUrl: deadUpstream,
    env: { LOG_LEVEL: 'warn', COIN_RENDER_RATE_LIMIT: '100000' },
  })
  const agent = new Agent({ keepAlive: true, maxSockets: 2 })
  try {
    let next = 0
    const loop = async () => {
      while (next < keys.length) await get(app.url + (keys[next++] as string), { agent })
    }
    await Promise.all([loop(), loop()])
    // Answered to a caller on this machine only (routes/health.ts).
    const detail = JSON.parse((await get(`${app.url}/api/health/detail`)).body.toString())
    const { pages, bytes, maxBytes } = detail.coinRenders as RenderFloodResult['fill']
    return { pages, bytes, maxBytes }
  } finally {
    agent.destroy()
    await stop(app.process)
  }
}

/**
 * The render flood: one client naming every coin-page key, which must not starve sign-ins. Offline (an upstream nobody listens on), so every coin page is a
 * sample coin's, rendered from the sample: one client runs `loops` loops over every sample coin ×
 * range × currency for `durationS`, then `loops` loops over one cached coin page as long, each
 * while another client signs in again and again. Then, on a fresh server with no per-client
 * limit, every key is rendered once and asked for again: the render cache must hold them all.
 */
export async function measureRenderFlood(
  tmpDir: string,
  options: { loops: number; durationS: number; env?: Record<string, string> },
  log: (line: string) => void,
): Promise<RenderFloodResult> {
  const keys = sampleKeys()
  const deadUpstream = `http://${LOOPBACK}:${await freePort()}`
  const app = await startApp('server-render-flood', {
    tmpDir,
    upstreamUrl: deadUpstream,
    env: { LOG_LEVEL: 'warn', SIGNIN_RATE_LIMIT: '100000', ...options.env },
  })
  let distinct: FloodPhase
  let cached: FloodPhase
  try {
    const signUp = await postJson(`${app.url}/api/auth`, {
      name: 'Bench',
      email: EMAIL,
      password: PASSWORD,
    })
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`)
    // The cached page of the second phase, rendered before the first spends the client's share.
    await get(app.url + CACHED_PAGE)
    const pid = app.process.child.pid
    distinct = await phase(app.url, pid, keys, options)
    log(
      `  ${options.loops} loops over ${keys.length} keys, ${options.durationS} s: ${distinct.requests} pages ` +
        `${JSON.stringify(distinct.statuses)}, ${distinct.cpuUsPerRequest.toFixed(0)} µs CPU each; ` +
        `sign-in median ${distinct.signInMedianMs.toFixed(1)} ms (${distinct.signInMs.length})`,
    )
    cached = await phase(app.url, pid, [CACHED_PAGE], options)
    log(
      `  ${options.loops} loops over ${CACHED_PAGE}, ${options.durationS} s: ${cached.requests} pages ` +
        `${JSON.stringify(cached.statuses)}, ${cached.cpuUsPerRequest.toFixed(0)} µs CPU each; ` +
        `sign-in median ${cached.signInMedianMs.toFixed(1)} ms (${cached.signInMs.length})`,
    )
  } finally {
    await stop(app.process)
  }
  const filled = await fill(tmpDir, deadUpstream, keys)
  log(
    `  every key rendered once: ${filled.pages} of ${keys.length} kept, ` +
      `${(filled.bytes / 1e6).toFixed(1)} MB of ${(filled.maxBytes / 1e6).toFixed(1)} MB`,
  )
  return {
    ...options,
    keys: keys.length,
    distinct,
    cached,
    costRatio: cached.requestsPerS / distinct.requestsPerS,
    signInRatio: distinct.signInMedianMs / cached.signInMedianMs,
    fill: filled,
  }
}

/** The render flood's rows and budgets. */
export function renderFloodRows(flood: RenderFloodResult): Row[] {
  const { distinct, cached } = flood
  const loops = `${flood.loops} loops × ${flood.durationS} s`
  return [
    row(
      `render flood: pages served, ${flood.keys} distinct coin keys / one cached page (${loops})`,
      flood.costRatio,
      `${distinct.requests} / ${cached.requests}: ${flood.costRatio.toFixed(2)}× the cost per request ` +
        `(CPU ${distinct.cpuUsPerRequest.toFixed(0)} / ${cached.cpuUsPerRequest.toFixed(0)} µs)`,
      { text: '≤ 5×', ok: (value) => value <= 5 },
    ),
    row(
      'render flood: sign-in median meanwhile, distinct keys / cached page',
      flood.signInRatio,
      `${distinct.signInMedianMs.toFixed(1)} / ${cached.signInMedianMs.toFixed(1)} ms: ${flood.signInRatio.toFixed(2)}× ` +
        `(${JSON.stringify(distinct.signInStatuses)} / ${JSON.stringify(cached.signInStatuses)})`,
      { text: '≤ 2×', ok: (value) => value <= 2 },
    ),
    row(
      'render cache: every sample key rendered once, kept',
      flood.fill.pages,
      `${flood.fill.pages} of ${flood.keys}, ${(flood.fill.bytes / 1e6).toFixed(1)} of ${(flood.fill.maxBytes / 1e6).toFixed(1)} MB`,
      { text: `all ${flood.keys}`, ok: (value) => value === flood.keys },
    ),
  ]
}
