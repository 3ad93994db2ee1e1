// `npm run bench`: builds the site, serves it offline on loopback, and measures it against its
// budgets (Lighthouse, JavaScript size, server throughput, one upstream call per endpoint on a
// cold cache, and the rest listed in docs/PERFORMANCE.md). Prints one table and writes
// bench/results/latest.json. A missed budget is reported, not fatal: only a crash exits non-zero.
// `npm run bench -- --only render-flood|throughput|hydration|pages|search|alerts|portfolio [--skip-build]` measures one row
// group alone and prints its rows (latest.json is left as it is); `hydration` also writes each
// route's Chromium trace to bench/results/.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { forbiddenCode, measureRoutes, type RouteScripts } from './bundle'
import { type HydrationRoute, measureHydration } from './hydration'
import { chromiumVersion, type LighthousePage, runLighthouse } from './lighthouse'
import { freePort, get, LOOPBACK } from './lib/net'
import { runToEnd, stop, stopAll } from './lib/processes'
import { median } from './lib/stats'
import { ROOT, startApp, startBare, startBenchUpstream } from './lib/servers'
import { kB, ms, type Row, row, table } from './report'
import { alertsRows, measureAlerts } from './alerts'
import { measureCoinPages } from './coin-pages'
import { measurePortfolio, portfolioRows } from './portfolio'
import { type CoinListPage, measureCoinList } from './coin-list'
import { measureRenderFlood, renderFloodRows } from './render-flood'
import { measureSignIns } from './sign-ins'
import { measureSearch, type SearchBench } from './search'
import { measureTimeToPrices, type TimeToPrices } from './time-to-prices'
import { measureColdCache, measureThroughput } from './throughput'

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}

/** The measurements that can run alone (`--only <name>`). */
const ALONE = [
  'render-flood',
  'throughput',
  'hydration',
  'pages',
  'search',
  'alerts',
  'portfolio',
] as const
const onlyArg = process.argv[process.argv.indexOf('--only') + 1]
const only = process.argv.includes('--only') ? onlyArg : undefined
if (only !== undefined && !ALONE.some((name) => name === only)) {
  process.stderr.write(`--only takes one of ${ALONE.join(', ')}, not ${only}\n`)
  process.exit(2)
}

const SETTINGS = {
  only,
  skipBuild: process.argv.includes('--skip-build'),
  lighthouseRounds: env('BENCH_LIGHTHOUSE_ROUNDS', 3),
  loadConnections: 100,
  loadDurationS: env('BENCH_LOAD_DURATION_S', 10),
  loadWarmupS: env('BENCH_LOAD_WARMUP_S', 3),
  // Three rounds: each of the three servers goes first once.
  loadRounds: env('BENCH_LOAD_ROUNDS', 3),
  // One more pair with the request log off, to show what the log costs (0 skips it).
  quietLoadRounds: Number(process.env.BENCH_QUIET_LOAD_ROUNDS ?? 1),
  timeToPricesRounds: env('BENCH_PRICES_ROUNDS', 3),
  hydrationRounds: env('BENCH_HYDRATION_ROUNDS', 3),
  coldDelayMs: 1000,
  coldRequests: 500,
  // The render flood: 12 loops of one client, 15 s per phase.
  floodLoops: 12,
  floodDurationS: env('BENCH_FLOOD_DURATION_S', 15),
  // Everything together stays well under this; past it the run is stopped as a crash.
  watchdogMs: env('BENCH_WATCHDOG_S', 1800) * 1000,
}

// The HTTP load of every server measure, and how the log names it.
const LOAD = {
  connections: SETTINGS.loadConnections,
  durationS: SETTINGS.loadDurationS,
  warmupS: SETTINGS.loadWarmupS,
  rounds: SETTINGS.loadRounds,
}
const LOAD_TEXT = `${LOAD.connections} connections, ${LOAD.warmupS} s warm-up + ${LOAD.durationS} s`

const LIGHTHOUSE_PAGES = ['/', '/crypto', '/signup']
// The full list with its hundred rows (the offline sample has 21): served from the fake upstream.
const LIST_PAGE = '/coins'
const PRICE_PAGES = ['/', '/crypto']
const SCRIPT_ROUTES = ['/', '/crypto', '/coins', '/signup', '/signin', '/contact']
// The budget "JavaScript transferred on /", counted as Lighthouse counts it: every script
// fetched during the load, its body as sent (brotli) and its response headers (bench/bundle.ts).
const JS_BUDGET_BYTES = 135_000
const CLIENT_DIR = join(ROOT, 'dist/client')
const SERVER_DIR = join(ROOT, 'dist/server')
const RESULTS = join(ROOT, 'bench/results/latest.json')

const started = Date.now()
const log = (line: string) => {
  const s = ((Date.now() - started) / 1000).toFixed(0).padStart(4)
  process.stdout.write(`[${s} s] ${line}\n`)
}
const logDone = () => log(`done in ${Math.round((Date.now() - started) / 1000)} s`)

function machine() {
  const version = (pkg: string) => {
    try {
      return JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8'))
        .version as string
    } catch {
      return 'unknown'
    }
  }
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()
    } catch {
      return 'unknown'
    }
  }
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    lighthouse: version('lighthouse'),
    autocannon: version('autocannon'),
    commit: git('rev-parse', '--short', 'HEAD'),
    uncommittedChanges: git('status', '--porcelain').split('\n').filter(Boolean).length,
  }
}

function lighthouseRows(pages: LighthousePage[]): Row[] {
  const bare = pages.find((page) => page.name === 'bare')
  const rows: Row[] = []
  if (bare) {
    rows.push(row('bare page: LCP', bare.median.lcpMs, ms(bare.median.lcpMs)))
  }
  for (const page of pages) {
    if (page.name === 'bare') continue
    const m = page.median
    const full = (value: number) => value === 100
    // The full list draws a hundred rows with their charts: its own, lower bar.
    const least = page.name === LIST_PAGE ? 95 : 98
    rows.push(
      row(`${page.name}: performance`, m.scores.performance, String(m.scores.performance), {
        text: `≥ ${least}`,
        ok: (value) => value >= least,
      }),
      row(`${page.name}: accessibility`, m.scores.accessibility, String(m.scores.accessibility), {
        text: '100',
        ok: full,
      }),
      row(
        `${page.name}: best practices`,
        m.scores['best-practices'],
        String(m.scores['best-practices']),
        { text: '100', ok: full },
      ),
      row(`${page.name}: SEO`, m.scores.seo, String(m.scores.seo), { text: '100', ok: full }),
      row(`${page.name}: CLS`, m.cls, m.cls.toFixed(3), { text: '0', ok: (value) => value === 0 }),
      row(`${page.name}: LCP`, m.lcpMs, ms(m.lcpMs)),
      row(
        `${page.name}: TBT (runs)`,
        m.tbtMs,
        `${ms(m.tbtMs)} (${page.runs.map((run) => Math.round(run.tbtMs)).join(', ')})`,
      ),
      row(
        `${page.name}: CPU benchmark index (runs)`,
        m.benchmarkIndex,
        page.runs.map((run) => Math.round(run.benchmarkIndex)).join(', '),
      ),
      row(
        `${page.name}: JS transferred, Lighthouse's count`,
        m.scriptTransferBytes,
        kB(m.scriptTransferBytes),
        page.name === '/'
          ? { text: `≤ ${kB(JS_BUDGET_BYTES)}`, ok: (value) => value <= JS_BUDGET_BYTES }
          : undefined,
      ),
    )
    if (bare) {
      const ratio = m.lcpMs / bare.median.lcpMs
      rows.push(
        row(
          `${page.name}: LCP / bare LCP`,
          ratio,
          ratio.toFixed(2),
          // The budget is the price pages' and the form's; the full list's is reported.
          page.name === LIST_PAGE ? undefined : { text: '≤ 1.25', ok: (value) => value <= 1.25 },
        ),
      )
    }
  }
  return rows
}

/**
 * Pages with prices may block the main thread at most 1.5× the page without data, in the same
 * run (medians), whatever the machine's speed. Lighthouse slows the CPU 4× whatever the machine,
 * so on a fast one (benchmark index about 3,800) every page blocks for 0–80 ms, `/signup` often
 * 0, and the ratio of two such medians is noise (25 ms against 0 gives 24.5). The budget was set
 * on a machine of index about 1,250: these runs slow the CPU by as much more as this machine is
 * faster than that one, so the simulated phone is the budget's, and the budget is checked on
 * their TBT.
 */
const REFERENCE_BENCHMARK_INDEX = 1250

function referenceSlowdown(benchmarkIndex: number): number {
  return Math.round(((4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX) * 10) / 10
}

function tbtRows(pages: LighthousePage[], slowdown: number): Row[] {
  const signup = pages.find((page) => page.name === '/signup')
  return pages.flatMap((page) => {
    const rows = [
      row(
        `${page.name}: TBT, CPU ${slowdown}× slower (runs)`,
        page.median.tbtMs,
        `${ms(page.median.tbtMs)} (${page.runs.map((run) => Math.round(run.tbtMs)).join(', ')})`,
      ),
    ]
    if (signup && page !== signup) {
      // A page without data can block for 0 ms; 1 ms keeps the ratio finite.
      const ratio = page.median.tbtMs / Math.max(signup.median.tbtMs, 1)
      rows.push(
        row(`${page.name}: TBT / /signup TBT, CPU ${slowdown}× slower`, ratio, ratio.toFixed(2), {
          text: '≤ 1.5',
          ok: (value) => value <= 1.5,
        }),
      )
    }
    return rows
  })
}

/**
 * Prices in the first paint, at most 100 ms after it, in the same page loads: each load's prices
 * against its own FCP (the median of those differences), not one median against the other, which
 * compares different loads (loads at +245, +68 and 0 ms gave medians of 908 against 664 ms).
 */
function priceRows(pages: TimeToPrices[]): Row[] {
  return pages.flatMap((page) => [
    row(
      `${page.route}: FCP, throttled phone`,
      page.medianFcpMs,
      `${Math.round(page.medianFcpMs)} ms`,
    ),
    row(
      `${page.route}: time to prices, throttled phone (runs)`,
      page.medianAfterFcpMs,
      `${Math.round(page.medianPricesMs)} ms (${page.pricesMs.map(Math.round).join(', ')}); after FCP: ${page.pricesMs.map((prices, i) => `+${Math.round(prices - (page.fcpMs[i] ?? prices))}`).join(', ')}`,
      { text: '≤ FCP + 100 ms', ok: (value) => value <= 100 },
    ),
  ])
}

// The full list's first page, a hundred rows with their sparklines, in the HTML.
const LIST_HTML_BUDGET_BYTES = 60_000

function coinListRows(list: CoinListPage): Row[] {
  return [
    row(
      `/coins: HTML, brotli (${list.rows} rows with sparklines)`,
      list.htmlBrotliBytes,
      kB(list.htmlBrotliBytes),
      { text: `≤ ${kB(LIST_HTML_BUDGET_BYTES)}`, ok: (value) => value <= LIST_HTML_BUDGET_BYTES },
    ),
    ...priceRows([list.timeToPrices]),
  ]
}

function scriptRows(routes: RouteScripts[]): Row[] {
  return routes.map(({ route, total, files }) =>
    row(
      `JS transferred during the load ${route}, ${files.length} scripts (transfer; raw / gzip / br bodies)`,
      total.transfer,
      `${kB(total.transfer)}; ${kB(total.raw)} / ${kB(total.gzip)} / ${kB(total.brotli)}`,
      route === '/'
        ? { text: `≤ ${kB(JS_BUDGET_BYTES)}`, ok: (value) => value <= JS_BUDGET_BYTES }
        : undefined,
    ),
  )
}

/**
 * Main-thread time after FCP, each task's CPU time × 4 as Lighthouse's mobile run would simulate
 * it (bench/hydration.ts), medians of the loads.
 */
function hydrationRows(routes: HydrationRoute[]): Row[] {
  return routes.flatMap(({ route, runs, medianBlockingMs, medianBusyMs, medianBeforeFcpMs }) => [
    row(
      `${route}: blocking time after FCP, CPU time × 4 (runs)`,
      medianBlockingMs,
      `${ms(medianBlockingMs)} (${runs.map((run) => Math.round(run.blockingMs)).join(', ')})`,
    ),
    row(`${route}: main thread before FCP, CPU time × 4`, medianBeforeFcpMs, ms(medianBeforeFcpMs)),
    row(`${route}: main thread after FCP, CPU time × 4`, medianBusyMs, ms(medianBusyMs)),
  ])
}

/** Each route's tasks of one load (the median's), and its functions with the most self time. */
function hydrationDetail(routes: HydrationRoute[]): string {
  const lines: string[] = []
  for (const { route, runs, medianBlockingMs, functions } of routes) {
    const typical =
      runs.find((run) => run.blockingMs === medianBlockingMs) ??
      [...runs].sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor(runs.length / 2)]
    lines.push(
      `\n${route}: tasks of 10 ms or more (× 4) after FCP (${Math.round(typical?.fcpMs ?? 0)} ms), one load`,
    )
    for (const task of typical?.tasks ?? []) {
      const parts = task.parts.map(([name, time]) => `${name} ${time}`).join(', ')
      lines.push(`  at ${ms(task.startMs)}: ${ms(task.durationMs)} (${parts})`)
    }
    lines.push(`${route}: JavaScript self time by function, per load (sampled, not slowed down)`)
    for (const fn of functions.slice(0, 15)) {
      lines.push(`  ${fn.selfMs.toFixed(1).padStart(6)} ms  ${fn.name} ${fn.url}`)
    }
  }
  return `${lines.join('\n')}\n`
}

/** The cached markets endpoint against the two reference apps (docs/DECISIONS.md). */
function marketsThroughputRows(throughput: Awaited<ReturnType<typeof measureThroughput>>): Row[] {
  return [
    row(
      `markets API req/s, server (${throughput.dataSource})`,
      throughput.server.requestsPerS,
      String(Math.round(throughput.server.requestsPerS)),
    ),
    row(
      'markets API req/s, minimal Hono app',
      throughput.hono.requestsPerS,
      String(Math.round(throughput.hono.requestsPerS)),
    ),
    row(
      'markets API req/s, Hono app on the same libraries',
      throughput.libs.requestsPerS,
      String(Math.round(throughput.libs.requestsPerS)),
    ),
    row(
      'load avg during the load runs (before → after)',
      throughput.loadAverage[1],
      `${throughput.loadAverage[0].toFixed(1)} → ${throughput.loadAverage[1].toFixed(1)}`,
    ),
    // The prescribed libraries cost what they cost (the second row); our
    // own code is measured against a Hono app on the same libraries (the first).
    row(
      'markets API req/s ratio server/Hono app on the same libraries',
      throughput.libsRatio,
      throughput.libsRatio.toFixed(2),
      { text: '≥ 0.85', ok: (value) => value >= 0.85 },
    ),
    row(
      'markets API req/s ratio server/minimal Hono',
      throughput.ratio,
      throughput.ratio.toFixed(2),
      { text: '≥ 0.40', ok: (value) => value >= 0.4 },
    ),
    row(
      'markets API CPU per request, server / minimal Hono (ratio Hono/server)',
      throughput.cpuRatio,
      `${throughput.server.cpuUsPerRequest.toFixed(1)} / ${throughput.hono.cpuUsPerRequest.toFixed(1)} µs (${throughput.cpuRatio.toFixed(2)})`,
    ),
    row(
      `markets API p99 @${throughput.connections} conn, server`,
      throughput.server.p99Ms,
      `${throughput.server.p99Ms.toFixed(1)} ms`,
    ),
    row(
      `markets API p99 @${throughput.connections} conn, Hono app on the same libraries`,
      throughput.libs.p99Ms,
      `${throughput.libs.p99Ms.toFixed(1)} ms`,
    ),
  ]
}

/**
 * Search's time per query (wall and CPU, the matcher alone and behind its kept
 * answers), and its throughput against the markets endpoint's.
 */
function searchRows(search: SearchBench): Row[] {
  const times = (t: SearchBench['matcher']) =>
    `wall ${t.wall.p50.toFixed(3)} / ${t.wall.p95.toFixed(3)} / ${t.wall.p99.toFixed(3)} ms; ` +
    `CPU mean ${t.cpu.mean.toFixed(3)}, p95 ${t.cpu.p95.toFixed(3)} ms`
  const over = `${search.queries} queries (${search.distinct} distinct) over ${search.coins} coins (CoinGecko's list of July 2025)`
  return [
    row(
      `search: matcher alone, nothing kept, ${over} (wall p50 / p95 / p99)`,
      search.matcher.wall.p95,
      `${times(search.matcher)}; load avg ${search.loadAverage.toFixed(1)}`,
      { text: 'p95 ≤ 5 ms', ok: (value) => value <= 5 },
    ),
    row(
      "search: the server's search code with its kept answers, same queries (wall p50 / p95 / p99)",
      search.server.wall.p95,
      times(search.server),
      { text: 'p95 ≤ 5 ms', ok: (value) => value <= 5 },
    ),
    row(
      `search API req/s / cached markets API req/s, same server, ${search.rounds} rounds, SEARCH_RATE_LIMIT raised`,
      search.ratio,
      `${search.ratio.toFixed(2)} (${Math.round(search.search.requestsPerS)} / ${Math.round(search.markets.requestsPerS)}; ${JSON.stringify(search.statuses)})`,
      { text: '≥ 0.5', ok: (value) => value >= 0.5 },
    ),
    row(
      'search API CPU per request: markets / search (same comparison by CPU time)',
      search.cpuRatio,
      `${search.cpuRatio.toFixed(2)} (${search.markets.cpuUsPerRequest.toFixed(1)} / ${search.search.cpuUsPerRequest.toFixed(1)} µs)`,
    ),
  ]
}

async function main(): Promise<void> {
  log(`Coinvera benchmark; settings ${JSON.stringify(SETTINGS)}`)
  // Inside the project (.tmp/ is ignored by git), so that the server's copy below finds
  // node_modules, as dist/server/index.js does.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true })
  const tmpDir = mkdtempSync(join(ROOT, '.tmp', 'bench-'))
  try {
    // The price alerts' evaluation, on the server's modules alone (no build needed).
    log('price alerts: 10,000 alerts evaluated against one refresh of every list')
    const alerts = await measureAlerts(log)
    if (SETTINGS.only === 'alerts') {
      process.stdout.write(`\n${table(alertsRows(alerts))}\n`)
      logDone()
      return
    }
    if (SETTINGS.skipBuild) log('build skipped (--skip-build): measuring dist/ as it is')
    else {
      log('npm run build')
      await runToEnd('build', 'npm', ['run', 'build'], {
        logFile: join(tmpDir, 'build.log'),
        timeoutMs: 300_000,
        // Vite's production mode sets NODE_ENV itself; an inherited value could give React's dev build.
        env: { ...process.env, NODE_ENV: undefined, CI: '1' },
      })
    }
    // Others may rebuild dist/ while this runs: measure a private copy of this build.
    const clientDir = join(tmpDir, 'client')
    cpSync(CLIENT_DIR, clientDir, { recursive: true })
    cpSync(SERVER_DIR, join(tmpDir, 'server'), { recursive: true })
    // The route renderer, found beside the client's folder (server/site/pages.ts).
    cpSync(join(ROOT, 'dist/prerender'), join(tmpDir, 'prerender'), { recursive: true })
    const flood = () => {
      log(
        `render flood: ${SETTINGS.floodLoops} loops over every sample coin page, then over one ` +
          `cached page, ${SETTINGS.floodDurationS} s each, signing in meanwhile`,
      )
      return measureRenderFlood(
        tmpDir,
        { loops: SETTINGS.floodLoops, durationS: SETTINGS.floodDurationS },
        log,
      )
    }
    if (SETTINGS.only === 'throughput') {
      const alone = await measureThroughput(tmpDir, LOAD, log)
      process.stdout.write(`\n${table(marketsThroughputRows(alone))}\n`)
      logDone()
      return
    }
    if (SETTINGS.only === 'hydration') {
      const deadUpstream = `http://${LOOPBACK}:${await freePort()}`
      const site = await startApp('server-site', { tmpDir, upstreamUrl: deadUpstream })
      log(`main thread per route: ${SETTINGS.hydrationRounds} load(s) each, 412 px, CPU time × 4`)
      const routes = await measureHydration(
        site.url,
        LIGHTHOUSE_PAGES,
        SETTINGS.hydrationRounds,
        log,
        (route) =>
          join(
            ROOT,
            `bench/results/trace${route === '/' ? '-home' : route.replace(/\//g, '-')}.json`,
          ),
      )
      await stop(site.process)
      // The full list with a hundred rows, from the fake upstream.
      const listUpstream = await startBenchUpstream(0)
      const listSite = await startApp('server-list', { tmpDir, upstreamUrl: listUpstream.url })
      await get(listSite.url + LIST_PAGE)
      routes.push(
        ...(await measureHydration(listSite.url, [LIST_PAGE], SETTINGS.hydrationRounds, log, () =>
          join(ROOT, 'bench/results/trace-coins.json'),
        )),
      )
      await stop(listSite.process)
      await listUpstream.close()
      process.stdout.write(`\n${table(hydrationRows(routes))}\n${hydrationDetail(routes)}`)
      logDone()
      return
    }
    const search = () => {
      log(`search: ${SETTINGS.loadRounds} round(s) × (search, markets), ${LOAD_TEXT}`)
      return measureSearch(tmpDir, LOAD, log)
    }
    if (SETTINGS.only === 'search') {
      process.stdout.write(`\n${table(searchRows(await search()))}\n`)
      logDone()
      return
    }
    if (SETTINGS.only === 'render-flood') {
      process.stdout.write(`\n${table(renderFloodRows(await flood()))}\n`)
      logDone()
      return
    }
    if (SETTINGS.only === 'portfolio') {
      process.stdout.write(`\n${table(portfolioRows(await measurePortfolio(tmpDir, log)))}\n`)
      log(`done in ${Math.round((Date.now() - started) / 1000)} s`)
      return
    }
    const forbidden = forbiddenCode(clientDir)

    // Offline: the upstream is a loopback port nobody listens on, so the server answers at once
    // with its shipped sample (local images), exactly what a visitor sees when CoinGecko is down.
    const deadUpstream = `http://${LOOPBACK}:${await freePort()}`
    log('starting the server (unreachable upstream: sample data) and the bare page')
    const site = await startApp('server-site', { tmpDir, upstreamUrl: deadUpstream })
    const barePage = await startBare('bare-page', tmpDir, ['--html'])
    await get(`${barePage.url}/`)
    const listUpstream = await startBenchUpstream(0)
    const listSite = await startApp('server-list-pages', { tmpDir, upstreamUrl: listUpstream.url })
    // The first request fills the list's cache; Lighthouse measures the page as then served.
    await get(listSite.url + LIST_PAGE)
    const measured = [
      ...LIGHTHOUSE_PAGES.map((path) => ({ name: path, url: site.url + path })),
      { name: LIST_PAGE, url: listSite.url + LIST_PAGE },
    ]

    log('JavaScript per route (Chromium page loads)')
    const scripts = await measureRoutes(site.url, SCRIPT_ROUTES, log)

    log(`Lighthouse, ${SETTINGS.lighthouseRounds} round(s) of ${measured.length + 1} pages`)
    const lighthouse = await runLighthouse(
      [{ name: 'bare', url: `${barePage.url}/` }, ...measured],
      SETTINGS.lighthouseRounds,
      log,
    )
    const slowdown = referenceSlowdown(
      median(lighthouse.flatMap((page) => page.runs.map((run) => run.benchmarkIndex))),
    )
    log(
      `Lighthouse, CPU ${slowdown}× slower (the issue's phone), ${SETTINGS.lighthouseRounds} round(s)`,
    )
    const slowed = await runLighthouse(measured, SETTINGS.lighthouseRounds, log, slowdown)
    log(`time to prices: ${SETTINGS.timeToPricesRounds} load(s) per page, slow 4G, 4× CPU, 412 px`)
    const prices = await measureTimeToPrices(
      site.url,
      PRICE_PAGES,
      SETTINGS.timeToPricesRounds,
      log,
    )
    await stop(site.process)
    await stop(barePage.process)
    await stop(listSite.process)
    await listUpstream.close()
    const lighthouseRuns = lighthouse.flatMap((page) => page.runs)
    const indexes = lighthouseRuns.map((run) => run.benchmarkIndex)
    const loads = lighthouseRuns.map((run) => run.loadAverage)
    const pageRows: Row[] = [
      row(
        'machine during Lighthouse: CPU benchmark index',
        median(indexes),
        `${Math.round(median(indexes))} (${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}), load avg ${median(loads).toFixed(1)}`,
      ),
      ...lighthouseRows(lighthouse),
      ...tbtRows(slowed, slowdown),
      ...priceRows(prices),
      ...scriptRows(scripts),
    ]
    if (SETTINGS.only === 'pages') {
      process.stdout.write(`\n${table(pageRows)}\n`)
      logDone()
      return
    }

    log('the full list, 100 rows from the fake upstream: HTML size, time to prices')
    const coinList = await measureCoinList(tmpDir, SETTINGS.timeToPricesRounds, log)

    log(
      `server throughput: ${SETTINGS.loadRounds} round(s) × (server, minimal Hono, Hono on the same libraries), ` +
        `${LOAD_TEXT}`,
    )
    const throughput = await measureThroughput(tmpDir, LOAD, log)

    log(
      'the home page (server-rendered with the cached data, brotli): server, minimal Hono, Hono on the same libraries',
    )
    const homePage = await measureThroughput(
      tmpDir,
      {
        ...LOAD,
        path: '/',
        requestHeaders: { 'accept-encoding': 'br' },
      },
      log,
    )

    let quiet: Awaited<ReturnType<typeof measureThroughput>> | null = null
    if (SETTINGS.quietLoadRounds > 0) {
      log('the same with LOG_LEVEL=warn (no request log line)')
      quiet = await measureThroughput(
        tmpDir,
        {
          ...LOAD,
          rounds: SETTINGS.quietLoadRounds,
          serverEnv: { LOG_LEVEL: 'warn' },
        },
        log,
      )
    }

    log(
      `cold cache: ${SETTINGS.coldRequests} concurrent requests per endpoint, upstream +${SETTINGS.coldDelayMs} ms`,
    )
    const cold = await measureColdCache(
      tmpDir,
      { delayMs: SETTINGS.coldDelayMs, requests: SETTINGS.coldRequests },
      log,
    )

    log('coin pages: 10,000 page loads over 500 coins, upstream budget 10 calls a minute')
    const coinPages = await measureCoinPages(
      tmpDir,
      { requests: 10_000, coins: 500, connections: 20 },
      log,
    )
    log('sign-ins: 30 password checks, one after another')
    const signIns = await measureSignIns(30)
    const renderFlood = await flood()
    const searchBench = await search()
    const portfolio = await measurePortfolio(tmpDir, log)

    const coinFailures = Object.entries(coinPages.statuses)
      .filter(([status]) => !/^[234]\d\d$/.test(status))
      .reduce((sum, [, count]) => sum + count, 0)

    const rows: Row[] = [
      ...pageRows,
      ...coinListRows(coinList),
      ...alertsRows(alerts),
      row(
        'devtools / MSW / React dev code in the build (not .map)',
        forbidden.code.length,
        forbidden.code.length
          ? forbidden.code.map((hit) => `${hit.pattern} in ${hit.file}`).join(', ')
          : 'none',
        { text: 'none', ok: (value) => value === 0 },
      ),
      row(
        'sign-ins per second per core (argon2id check, median of 30)',
        signIns.perSecondPerCore,
        `${Math.round(signIns.perSecondPerCore)} (${signIns.medianMs.toFixed(1)} ms a check)`,
      ),
      ...marketsThroughputRows(throughput),
      ...(quiet
        ? [
            row(
              'same ratio, request log off (LOG_LEVEL=warn)',
              quiet.ratio,
              `${quiet.ratio.toFixed(2)} (${Math.round(quiet.server.requestsPerS)} / ${Math.round(quiet.hono.requestsPerS)} req/s)`,
            ),
          ]
        : []),
      row(
        `/ req/s, server (rendered, ${homePage.responseBytes} bytes br) / minimal Hono app`,
        homePage.server.requestsPerS,
        `${Math.round(homePage.server.requestsPerS)} / ${Math.round(homePage.hono.requestsPerS)}`,
      ),
      row('/ req/s ratio server/minimal Hono', homePage.ratio, homePage.ratio.toFixed(2), {
        text: '≥ 0.80',
        ok: (value) => value >= 0.8,
      }),
      row(
        `coin pages: upstream calls in the busiest minute (${coinPages.requests} loads, ${coinPages.coins} coins)`,
        coinPages.busiestMinuteCalls,
        `${coinPages.busiestMinuteCalls} (${coinPages.upstreamCalls} in ${coinPages.durationS.toFixed(0)} s)`,
        {
          text: `≤ ${coinPages.budgetPerMinute}`,
          ok: (value) => value <= coinPages.budgetPerMinute,
        },
      ),
      row(
        'coin pages: answers other than 2xx-4xx (5xx, errors)',
        coinFailures,
        `${coinFailures} (${JSON.stringify(coinPages.statuses)})`,
        { text: 'none', ok: (value) => value === 0 },
      ),
      ...renderFloodRows(renderFlood),
      ...searchRows(searchBench),
      ...portfolioRows(portfolio),
      ...cold.endpoints.map((endpoint) => {
        const after =
          cold.upstreamCallsAfter[
            endpoint.path.includes('markets') ? 'coins/markets' : 'search/trending'
          ] ?? 0
        return row(
          `cold cache ${endpoint.path.split('?')[0]}: upstream calls / ${cold.requestsPerEndpoint}`,
          after,
          `${after} (${JSON.stringify(endpoint.statuses)})`,
          { text: 'exactly 1', ok: (value) => value === 1 },
        )
      }),
    ]

    const durationS = Math.round((Date.now() - started) / 1000)
    const report = table(rows)
    process.stdout.write(`\n${report}\n`)

    const flagged = lighthouse.filter((page) => page.failing.length > 0)
    if (flagged.length) {
      process.stdout.write('\nLighthouse audits below full score (runs that showed them):\n')
      for (const page of flagged) {
        for (const audit of page.failing) {
          process.stdout.write(
            `  ${page.name} ${audit.category}/${audit.id} (${audit.runs}/${page.runs.length}): ${audit.title}\n`,
          )
          for (const example of audit.examples) process.stdout.write(`      ${example}\n`)
        }
      }
    }
    for (const page of lighthouse) {
      if (page.lcpElement) process.stdout.write(`LCP element ${page.name}: ${page.lcpElement}\n`)
    }
    if (forbidden.suspectFiles.length || forbidden.sourceMaps.length) {
      process.stdout.write(
        `\nNote: files named like devtools/mocks: ${forbidden.suspectFiles.join(', ') || 'none'}; ` +
          `names in source maps: ${[...new Set(forbidden.sourceMaps.map((hit) => `${hit.pattern} in ${hit.file}`))].join(', ') || 'none'}\n`,
      )
    }
    const misses = rows.filter((r) => r.pass === false)
    process.stdout.write(
      `\n${misses.length ? `${misses.length} budget(s) missed: ${misses.map((r) => r.figure).join('; ')}` : 'All budgets met.'}\n`,
    )

    const chromium = await chromiumVersion()
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
    writeFileSync(
      RESULTS,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          durationS,
          machine: { ...machine(), chromium },
          settings: SETTINGS,
          budgets: rows,
          lighthouse,
          lighthouseReferencePhone: { slowdown, pages: slowed },
          scripts,
          forbidden,
          throughput,
          throughputRequestLogOff: quiet,
          throughputHomePage: homePage,
          timeToPrices: prices,
          coinList,
          coinPages,
          signIns,
          renderFlood,
          search: searchBench,
          coldCache: cold,
        },
        null,
        2,
      )}\n`,
    )
    log(`done in ${durationS} s; wrote ${RESULTS}`)
  } finally {
    await stopAll()
    rmSync(tmpDir, { recursive: true, force: true })
  }
}

const watchdog = setTimeout(() => {
  process.stderr.write(`benchmark still running after ${SETTINGS.watchdogMs / 1000} s: stopping\n`)
  void stopAll().finally(() => process.exit(1))
}, SETTINGS.watchdogMs)
watchdog.unref()

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping everything the benchmark started\n`)
    void stopAll().finally(() => process.exit(130))
  })
}

try {
  await main()
  clearTimeout(watchdog)
  process.exit(0)
} catch (error) {
  process.stderr.write(`benchmark crashed: ${error instanceof Error ? error.stack : error}\n`)
  await stopAll()
  process.exit(1)
}
