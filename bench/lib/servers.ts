import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type FakeUpstream, startFakeUpstream } from '../../tests/support/fake-upstream'
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
  mode: ['--html'] | ['--replay', string, '--hono' | '--hono-libs'],
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

/**
 * The tests' fake CoinGecko (tests/support/fake-upstream.ts), on loopback in this process (it is
 * idle while the server under test is measured), answering every path after `delayMs`, with a
 * coins list of `coins` coins at least (the fixture's, then made-up ids), each with details and a
 * chart (Bitcoin's, renamed).
 */
export async function startBenchUpstream(
  delayMs: number,
  { coins = 0 }: { coins?: number } = {},
): Promise<FakeUpstream & { coinIds: string[] }> {
  const upstream = await startFakeUpstream({ kind: 'ok', delayMs })
  const fixture = (name: string) => readFileSync(join(ROOT, 'mocks/fixtures', name), 'utf8')
  const coinIds = (JSON.parse(fixture('coins-list.json')) as { id: string }[]).map((c) => c.id)
  for (let i = coinIds.length; i < coins; i++) coinIds.push(`bench-coin-${i}`)
  const list = coinIds.map((id) => ({ id, symbol: id.slice(0, 4), name: id }))
  upstream.behave({ kind: 'ok', delayMs, body: JSON.stringify(list) }, 'coins/list')
  const detail = fixture('coins-bitcoin.json')
  const chart = fixture('coins-bitcoin-market-chart-7.json')
  for (const id of coinIds) {
    const body = detail.replace(/"id":\s*"bitcoin"/, `"id":"${id}"`)
    upstream.behave({ kind: 'ok', delayMs, body }, `coins/${id}`)
    upstream.behave({ kind: 'ok', delayMs, body: chart }, `coins/${id}/market_chart`)
  }
  return Object.assign(upstream, { coinIds })
}
