// The portfolio's rows: its page with 200 holdings rendered on the server (the built route
// renderer, as the server loads it, in a process of its own with React's production build), and
// its JavaScript loaded on its page alone (Chromium loads of /, /crypto, /coins and /portfolio).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PageData } from '@contract/page-data'
import type { Transaction } from '@contract/portfolio'
import type { WatchRow } from '@contract/watchlist'
import { measureRoutes } from './bundle'
import { freePort, LOOPBACK } from './lib/net'
import { stop } from './lib/processes'
import { ROOT, startApp } from './lib/servers'
import { median } from './lib/stats'
import { ms, type Row, row } from './report'

const HOLDINGS = 200
const WARMUP = 10
const ROUNDS = 40
/** The budget: the page with 200 holdings rendered on the server. */
const RENDER_BUDGET_MS = 50
const OTHER_ROUTES = ['/', '/crypto', '/coins']
// Text only the portfolio's code holds: its page's cost note, and the exact-decimal library's
// error name (decimal.js, which only the portfolio and the converter load).
const MARKERS = ['Cost method: average cost', 'DecimalError']

export type PortfolioBench = {
  holdings: number
  renderMs: number[]
  medianMs: number
  htmlBytes: number
  /** Per route, the scripts it loaded that hold a portfolio marker. */
  loaded: { route: string; scripts: number; portfolioScripts: string[] }[]
}

/** 200 holdings: a buy of each coin (one in ten in euros, its cost converted) and a partial sell. */
export function portfolioData(): PageData {
  const transactions: Transaction[] = []
  const rows: WatchRow[] = []
  const updatedAt = new Date().toISOString()
  for (let i = 0; i < HOLDINGS; i++) {
    const coinId = `coin-${String(i).padStart(3, '0')}`
    const id = (n: number) => `00000000-0000-4000-8000-${String(i * 2 + n).padStart(12, '0')}`
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
    const base = { coinId, at, fee: '1.5', note: '' }
    transactions.push(
      {
        ...base,
        id: id(0),
        type: 'buy',
        quantity: '2.5',
        price: `${100 + i}.25`,
        currency: i % 10 ? 'usd' : 'eur',
      },
      {
        ...base,
        id: id(1),
        type: 'sell',
        quantity: '0.75',
        price: `${120 + i}.5`,
        currency: 'usd',
      },
    )
    rows.push({
      status: 'priced',
      id: coinId,
      name: `Coin ${i}`,
      symbol: `c${i}`,
      image: null,
      price: 110 + i * 1.5,
      change24h: (i % 7) - 3,
      marketCap: 1e9 - i * 1e6,
      meta: { source: 'cache', updatedAt },
    })
  }
  return {
    currency: 'usd',
    viewer: { id: 'bench', name: 'Ada Lovelace', email: 'ada@example.com' },
    portfolio: {
      transactions,
      rows,
      rates: {
        to: 'usd',
        rates: { eur: '1.158211718348430419924514' },
        updatedAt,
        source: 'upstream',
      },
    },
  }
}

type RenderTimes = { renderMs: number[]; htmlBytes: number; holdings: number }

/** In the child process: the built renderer, warmed, then timed render by render. */
async function timeRenders(entry: string): Promise<RenderTimes> {
  const { render } = (await import(pathToFileURL(entry).href)) as {
    render: (path: string, data: PageData) => Promise<{ html: string; state: string | null }>
  }
  const data = portfolioData()
  let html = ''
  for (let i = 0; i < WARMUP; i++) html = (await render('/portfolio', data)).html
  const renderMs: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now()
    await render('/portfolio', data)
    renderMs.push(performance.now() - start)
  }
  // Every holding is in the table: the render measured is the whole page.
  const holdings = (html.match(/href="\/coins\/coin-\d{3}"/g) ?? []).length
  return { renderMs, htmlBytes: Buffer.byteLength(html), holdings }
}

export async function measurePortfolio(
  tmpDir: string,
  log: (line: string) => void,
): Promise<PortfolioBench> {
  log(`portfolio: /portfolio with ${HOLDINGS} holdings rendered ${ROUNDS} times after ${WARMUP}`)
  const entry = join(tmpDir, 'prerender', 'entry-server.js')
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/portfolio.ts'), '--render-child', entry],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 120_000,
    },
  )
  const times = JSON.parse(out) as RenderTimes
  if (times.holdings !== HOLDINGS) {
    throw new Error(`the rendered portfolio shows ${times.holdings} holdings, not ${HOLDINGS}`)
  }

  log('portfolio: its scripts per route (Chromium page loads)')
  const deadUpstream = `http://${LOOPBACK}:${await freePort()}`
  const site = await startApp('server-portfolio', { tmpDir, upstreamUrl: deadUpstream })
  let routes: Awaited<ReturnType<typeof measureRoutes>>
  try {
    routes = await measureRoutes(site.url, [...OTHER_ROUTES, '/portfolio'], log)
  } finally {
    await stop(site.process)
  }
  const clientDir = join(tmpDir, 'client')
  const loaded = routes.map(({ route, files }) => ({
    route,
    scripts: files.length,
    portfolioScripts: files
      .map((file) => file.path)
      .filter((path) => {
        const text = readFileSync(join(clientDir, path), 'utf8')
        return MARKERS.some((marker) => text.includes(marker))
      }),
  }))
  return { ...times, medianMs: median(times.renderMs), loaded }
}

export function portfolioRows(bench: PortfolioBench): Row[] {
  const sorted = [...bench.renderMs].sort((a, b) => a - b)
  const slowest = sorted.at(-1) ?? 0
  const onOthers = bench.loaded.filter((route) => route.route !== '/portfolio')
  const elsewhere = onOthers.flatMap((route) =>
    route.portfolioScripts.map((path) => `${path} on ${route.route}`),
  )
  const own = bench.loaded.find((route) => route.route === '/portfolio')?.portfolioScripts ?? []
  return [
    row(
      `/portfolio with ${bench.holdings} holdings: server render, median of ${bench.renderMs.length} (slowest; HTML)`,
      bench.medianMs,
      `${ms(bench.medianMs)} (${ms(slowest)}; ${(bench.htmlBytes / 1000).toFixed(0)} kB)`,
      { text: `≤ ${RENDER_BUDGET_MS} ms`, ok: (value) => value <= RENDER_BUDGET_MS },
    ),
    row(
      `the portfolio's scripts loaded on ${onOthers.map((route) => route.route).join(', ')} (on /portfolio: ${own.length})`,
      // Its own page must load them, or the markers found nothing and the check says nothing.
      own.length === 0 ? Number.NaN : elsewhere.length,
      own.length === 0
        ? 'none on /portfolio either: markers not found'
        : elsewhere.join(', ') || 'none',
      { text: 'none', ok: (value) => value === 0 },
    ),
  ]
}

if (process.argv[2] === '--render-child') {
  const entry = process.argv[3] ?? ''
  process.stdout.write(JSON.stringify(await timeRenders(entry)))
}
