import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { freePort, LOOPBACK, waitForOk } from './net'
import { logTail, type Started, start } from './processes'

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '')

export type AppServer = { url: string; process: Started }

/**
 * The real server, as `npm start` runs it once the build is there (the build check is skipped:
 * the benchmark has just built), from the run's private copy of the build (run.ts), on loopback,
 * with its own PGlite directory, so nothing outside the temp directory is read or written.
 */
export async function startApp(
  name: string,
  options: { tmpDir: string; upstreamUrl: string; env?: Record<string, string> },
): Promise<AppServer> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: join(options.tmpDir, `${name}-data`),
    MARKET_UPSTREAM_URL: options.upstreamUrl,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    // The benchmark's private copy of its build (run.ts), safe from concurrent rebuilds.
    CLIENT_DIR: join(options.tmpDir, 'client'),
    ...options.env,
  }
  // A developer's own database must never receive benchmark traffic.
  delete env.DATABASE_URL
  const child = start(name, process.execPath, [join(options.tmpDir, 'server/index.js')], {
    cwd: ROOT,
    env,
    logFile: join(options.tmpDir, `${name}.log`),
  })
  const url = `http://${LOOPBACK}:${port}`
  await waitForOk(`${url}/api/health`, 60_000, () =>
    child.child.exitCode === null ? null : `${name} exited early:\n${logTail(child)}`,
  )
  return { url, process: child }
}

/** bench/bare-server.ts in its own process: the bare page, or one recorded response. */
export async function startBare(
  name: string,
  tmpDir: string,
  mode: ['--html'] | ['--replay', string] | ['--replay', string, '--hono'],
): Promise<AppServer> {
  const port = await freePort()
  const child = start(
    name,
    process.execPath,
    ['--import', 'tsx', 'bench/bare-server.ts', '--port', String(port), ...mode],
    { cwd: ROOT, logFile: join(tmpDir, `${name}.log`) },
  )
  const url = `http://${LOOPBACK}:${port}`
  await waitForOk(`${url}/`, 30_000, () =>
    child.child.exitCode === null ? null : `${name} exited early:\n${logTail(child)}`,
  )
  return { url, process: child }
}

export type FakeUpstream = {
  url: string
  /** Upstream calls per path (`/coins/markets`, `/search/trending`). */
  calls: Map<string, number>
  /** When each call came (ms since the epoch), in order. */
  callTimes: number[]
  /** The coin ids its `/coins/list` names. */
  coinIds: string[]
  close(): Promise<void>
}

const FIXTURES = join(ROOT, 'mocks/fixtures')

/**
 * CoinGecko's endpoints answered from the test fixtures after `delayMs`, on loopback, in this
 * process (it is idle while the server under test is measured): the two lists, and a coins list
 * of `coins` coins (the fixture's, then made-up ids), each with details and a chart (Bitcoin's,
 * renamed).
 */
export async function startFakeUpstream(
  delayMs: number,
  { coins = 0 }: { coins?: number } = {},
): Promise<FakeUpstream> {
  const bodies = new Map([
    ['/coins/markets', readFileSync(join(FIXTURES, 'coins-markets.json'))],
    ['/search/trending', readFileSync(join(FIXTURES, 'search-trending.json'))],
  ])
  const listed = JSON.parse(readFileSync(join(FIXTURES, 'coins-list.json'), 'utf8')) as {
    id: string
  }[]
  const coinIds = listed.map((coin) => coin.id)
  for (let i = coinIds.length; i < coins; i++) coinIds.push(`bench-coin-${i}`)
  bodies.set(
    '/coins/list',
    Buffer.from(JSON.stringify(coinIds.map((id) => ({ id, symbol: id.slice(0, 4), name: id })))),
  )
  const detail = readFileSync(join(FIXTURES, 'coins-bitcoin.json'), 'utf8')
  const chart = readFileSync(join(FIXTURES, 'coins-bitcoin-market-chart-7.json'))
  const known = new Set(coinIds)
  const coinBody = (path: string): Buffer | undefined => {
    const [, , id, more] = path.split('/')
    if (!id || !known.has(id)) return undefined
    if (more === 'market_chart') return chart
    if (more !== undefined) return undefined
    return Buffer.from(detail.replace(/"id":\s*"bitcoin"/, `"id":"${id}"`))
  }
  const calls = new Map<string, number>()
  const callTimes: number[] = []
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://upstream').pathname
    calls.set(path, (calls.get(path) ?? 0) + 1)
    callTimes.push(Date.now())
    const body = bodies.get(path) ?? (path.startsWith('/coins/') ? coinBody(path) : undefined)
    setTimeout(() => {
      if (!body) {
        res.writeHead(404).end()
        return
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length })
      res.end(body)
    }, delayMs)
  })
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://${LOOPBACK}:${port}`,
    calls,
    callTimes,
    coinIds,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
