import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { CoinIndex, type ListedCoin } from '../server/search/coin-index'
import { get } from './lib/net'
import { stop } from './lib/processes'
import { ROOT, startApp, startBenchUpstream } from './lib/servers'
import { MARKETS_PATH } from './throughput'

// CoinGecko lists some 18,000 coins.
const LIST_SIZE = 18_000
const QUERIES = 10_000

export type SearchBench = {
  coins: number
  queries: number
  /** Time in the server's search code per query (in process, no HTTP), in ms. */
  p50Ms: number
  p95Ms: number
  p99Ms: number
  searchRequestsPerS: number
  marketsRequestsPerS: number
  /** Search over the cached markets endpoint, in requests per second, in the same run. */
  ratio: number
  statuses: Record<string, number>
}

/** A repeatable pseudo-random sequence (the same queries on every run). */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 16_807) % 2_147_483_647
    return state / 2_147_483_647
  }
}

/**
 * A coin list of CoinGecko's size, made up for the bench only: the fixture's real coins, then
 * names of made-up words (syllables), a third of them with a word many coins share ("Token",
 * "Inu", …) and some with a number, as CoinGecko's names go.
 */
export function benchList(): ListedCoin[] {
  const real: ListedCoin[] = JSON.parse(
    readFileSync(join(ROOT, 'mocks/fixtures/coins-list.json'), 'utf8'),
  )
  const common = ['Token', 'Finance', 'Protocol', 'Swap', 'Inu', 'Dao', 'Chain', 'Network', 'AI']
  const syllables =
    'ba be bi bo ka ke ki ko ra re ri ro sa se si so ta te ti to na ne ni no ma me mi mo la le li lo va ve vi zo xa qu'.split(
      ' ',
    )
  const next = random(7)
  const pickOf = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T
  const word = () => {
    const made = Array.from({ length: 2 + Math.floor(next() * 3) }, () => pickOf(syllables)).join(
      '',
    )
    return made.charAt(0).toUpperCase() + made.slice(1)
  }
  const coins = [...real]
  for (let i = coins.length; i < LIST_SIZE; i++) {
    const words = Array.from({ length: 1 + Math.floor(next() * 2) }, word)
    if (next() < 0.35) words.push(pickOf(common))
    if (next() < 0.1) words.push(String(Math.floor(next() * 1000)))
    const name = words.join(' ')
    coins.push({
      id: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}`,
      symbol: (words[0] as string).slice(0, 3 + Math.floor(next() * 3)).toLowerCase(),
      name,
    })
  }
  return coins
}

/** Queries drawn from real coin names and symbols: prefixes, whole words, typos and misses. */
export function benchQueries(list: ListedCoin[]): string[] {
  const real = list.slice(0, 27)
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
 * Search over a list of CoinGecko's size: the time its code takes per query, in this process
 * (10,000 queries, after a warm-up), and the real server's requests per second on those queries
 * against the cached markets endpoint, one after the other, at `connections` connections.
 */
export async function measureSearch(
  tmpDir: string,
  options: { connections: number; durationS: number; warmupS: number },
  log: (line: string) => void,
): Promise<SearchBench> {
  const list = benchList()
  const queries = benchQueries(list)
  const index = new CoinIndex(list)
  const rankOf = (coin: number) => (coin < 27 ? coin + 1 : 0)
  for (const query of queries.slice(0, 1000)) index.search(query, rankOf, 10)
  const times = queries.map((query) => {
    const start = performance.now()
    index.search(query, rankOf, 10)
    return performance.now() - start
  })
  times.sort((a, b) => a - b)

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
    const statuses: Record<string, number> = {}
    const run = async (requests: { path: string }[]) => {
      await autocannon({
        url: app.url,
        requests,
        connections: options.connections,
        duration: options.warmupS,
      })
      const result = await autocannon({
        url: app.url,
        requests,
        connections: options.connections,
        duration: options.durationS,
      })
      return result
    }
    const search = await run(
      queries.map((query) => ({ path: `/api/search?q=${encodeURIComponent(query)}` })),
    )
    statuses['2xx'] = search['2xx']
    statuses.other = search.non2xx
    statuses.errors = search.errors
    const markets = await run([{ path: MARKETS_PATH }])
    const result = {
      coins: list.length,
      queries: queries.length,
      p50Ms: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      p99Ms: percentile(times, 0.99),
      searchRequestsPerS: search.requests.average,
      marketsRequestsPerS: markets.requests.average,
      ratio: search.requests.average / markets.requests.average,
      statuses,
    }
    log(
      `  search ${Math.round(result.searchRequestsPerS)} req/s, markets ${Math.round(result.marketsRequestsPerS)} req/s; ` +
        `search code p95 ${result.p95Ms.toFixed(2)} ms`,
    )
    return result
  } finally {
    await stop(app.process)
    await upstream.close()
  }
}
