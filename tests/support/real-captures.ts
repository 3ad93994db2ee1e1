// Real CoinGecko bodies that public projects captured (tests/fixtures/coingecko-real/README.md
// names each one's source and date), and the fake upstream serving them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { FakeUpstream, UpstreamPath } from './fake-upstream'

/** A capture's body as the upstream sent it (`.gz` files unpacked). */
export function realCapture(file: string): string {
  // From the checkout's root, where every project runs: jsdom's `import.meta.url` is no file URL.
  const bytes = readFileSync(join(process.cwd(), 'tests/fixtures/coingecko-real', file))
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')
}

/** Each upstream path the server calls, with the capture served for it. */
export type RealSet = { name: string; bodies: Partial<Record<UpstreamPath, string>> }

/**
 * Every capture, in sets the server can run on, each from one time as far as the captures allow:
 * each path has at least two captures from different years across the sets.
 */
export const REAL_SETS: readonly RealSet[] = [
  {
    name: '2022–2023',
    bodies: {
      'coins/list': 'coins-list-2022-05.json.gz',
      'coins/markets': 'coins-markets-2022-08.json',
      'search/trending': 'search-trending-2023-01.json',
      global: 'global-2023-01.json',
      'coins/bitcoin': 'coins-bitcoin-2023-01.json',
      'coins/matic-network': 'coins-matic-network-2023-08.json',
      'coins/matic-network/market_chart': 'market-chart-2023-03.json',
    },
  },
  {
    name: '2023–2025',
    bodies: {
      'coins/list': 'coins-list-2025-07.json.gz',
      'coins/markets': 'coins-markets-2023-07.json',
      'search/trending': 'search-trending-2025-04.json',
      global: 'global-2025-04.json',
      'coins/ethereum': 'coins-ethereum-2024-04.json',
      // No capture is of ethereum's chart: a real chart stands in, so its page has one.
      'coins/ethereum/market_chart': 'market-chart-2023-03.json',
      'coins/bitcoin/market_chart': 'market-chart-2025.json',
    },
  },
  {
    name: '2023-11 list, 2025 list',
    bodies: {
      'coins/list': 'coins-list-2025-07.json.gz',
      'coins/markets': 'coins-markets-2023-11.json',
      'search/trending': 'search-trending-2023-01.json',
      global: 'global-2025-04.json',
    },
  },
]

/** The fake answers each path of `set` with its capture (both query shapes of `coins/markets`). */
export function serveReal(upstream: FakeUpstream, set: RealSet): void {
  for (const [path, file] of Object.entries(set.bodies)) {
    if (file) upstream.behave({ kind: 'ok', body: realCapture(file) }, path)
  }
}
