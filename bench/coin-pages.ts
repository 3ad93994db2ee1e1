import { Agent } from 'node:http'
import { get } from './lib/net'
import { stop } from './lib/processes'
import { startApp, startBenchUpstream } from './lib/servers'

export type CoinPagesResult = {
  requests: number
  coins: number
  connections: number
  durationS: number
  statuses: Record<string, number>
  /** Upstream calls of every kind during the run, and the most in any 60 s. */
  upstreamCalls: number
  busiestMinuteCalls: number
  budgetPerMinute: number
}

/** The most calls within any `windowMs` of the sorted times. */
function busiest(times: number[], windowMs: number): number {
  let most = 0
  let start = 0
  for (let end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= windowMs) start++
    most = Math.max(most, end - start + 1)
  }
  return most
}

/**
 * `requests` coin page loads (`/coins/<id>`, HTML) spread over `coins` coins, `connections` at a
 * time, from one client, against a server whose upstream knows those coins: each page is rendered
 * with its coin's data when the upstream call budget allows, else served as its template. Counts
 * the statuses and the upstream calls, all kinds together, in the busiest minute (the budget is
 * UPSTREAM_CALLS_PER_MIN, 10 without an API key).
 */
export async function measureCoinPages(
  tmpDir: string,
  options: { requests: number; coins: number; connections: number },
  log: (line: string) => void,
): Promise<CoinPagesResult> {
  const budgetPerMinute = 10
  const upstream = await startBenchUpstream(50, { coins: options.coins })
  const app = await startApp('server-coins', {
    tmpDir,
    upstreamUrl: upstream.url,
    env: { LOG_LEVEL: 'warn', UPSTREAM_CALLS_PER_MIN: String(budgetPerMinute) },
  })
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
  try {
    const ids = upstream.coinIds.slice(0, options.coins)
    const statuses: Record<string, number> = {}
    let next = 0
    const started = Date.now()
    const worker = async () => {
      while (next < options.requests) {
        const id = ids[next++ % ids.length] as string
        const status = await get(`${app.url}/coins/${id}`, { agent, timeoutMs: 30_000 }).then(
          (res) => String(res.status),
          (error: Error) => `error: ${error.message}`,
        )
        statuses[status] = (statuses[status] ?? 0) + 1
      }
    }
    await Promise.all(Array.from({ length: options.connections }, worker))
    const durationS = (Date.now() - started) / 1000
    const result = {
      ...options,
      durationS,
      statuses,
      upstreamCalls: upstream.calls.length,
      busiestMinuteCalls: busiest(
        upstream.calls.map((call) => call.at),
        60_000,
      ),
      budgetPerMinute,
    }
    log(
      `  ${options.requests} pages over ${ids.length} coins in ${durationS.toFixed(1)} s: ` +
        `${JSON.stringify(statuses)}, ${result.upstreamCalls} upstream calls ` +
        `(busiest minute ${result.busiestMinuteCalls}, budget ${budgetPerMinute})`,
    )
    return result
  } finally {
    agent.destroy()
    await stop(app.process)
    await upstream.close()
  }
}
