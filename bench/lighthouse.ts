import { loadavg } from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { onCleanup } from './lib/processes'
import { median } from './lib/stats'

import { CHROME_FLAGS, CHROME_PATH } from '../scripts/chromium'

export { CHROME_FLAGS, CHROME_PATH }

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]

export type FailingAudit = { category: Category; id: string; title: string; examples: string[] }

export type LighthouseRun = {
  scores: Record<Category, number>
  cls: number
  lcpMs: number
  fcpMs: number
  tbtMs: number
  lcpElement: string | null
  scriptTransferBytes: number
  failing: FailingAudit[]
  warnings: string[]
  /** Lighthouse's CPU benchmark (higher is faster) and the 1-minute load average at the start. */
  benchmarkIndex: number
  loadAverage: number
}

export type LighthousePage = {
  name: string
  url: string
  runs: LighthouseRun[]
  /** Median of each figure over the runs (each figure on its own). */
  median: Omit<LighthouseRun, 'failing' | 'warnings' | 'lcpElement'>
  /** Failing audits seen in any run, with how many runs showed them. */
  failing: (FailingAudit & { runs: number })[]
  lcpElement: string | null
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']
type Details = { type?: string; items?: Record<string, unknown>[] }

function example(item: Record<string, unknown>): string | null {
  const node = item.node as { snippet?: string; selector?: string } | undefined
  const text =
    (typeof item.description === 'string' && item.description) ||
    node?.snippet ||
    (typeof item.source === 'string' && item.source) ||
    (typeof item.url === 'string' && item.url) ||
    null
  return text ? text.replace(/\s+/g, ' ').slice(0, 160) : null
}

function failingAudits(lhr: Lhr): FailingAudit[] {
  const failing: FailingAudit[] = []
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 1) continue
      // Performance opportunities and diagnostics don't count in the score; its metrics do.
      if (category === 'performance' && ref.weight === 0) continue
      if (!['binary', 'numeric'].includes(audit.scoreDisplayMode)) continue
      const items = (audit.details as Details | undefined)?.items ?? []
      failing.push({
        category,
        id: ref.id,
        title: audit.title,
        examples: items
          .map(example)
          .filter((text): text is string => text !== null)
          .slice(0, 3),
      })
    }
  }
  return failing
}

function lcpElement(lhr: Lhr): string | null {
  const details = lhr.audits['largest-contentful-paint-element']?.details as Details | undefined
  const table = details?.items?.[0] as { items?: Record<string, unknown>[] } | undefined
  const first = table?.items?.[0] ?? details?.items?.[0]
  return first ? example(first) : null
}

function scriptTransfer(lhr: Lhr): number {
  const items = (lhr.audits['network-requests']?.details as Details | undefined)?.items ?? []
  return items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (Number(item.transferSize) || 0), 0)
}

function summarize(lhr: Lhr, loadAverage: number): LighthouseRun {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    lcpElement: lcpElement(lhr),
    scriptTransferBytes: scriptTransfer(lhr),
    failing: failingAudits(lhr),
    warnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    loadAverage,
  }
}

function aggregate(name: string, url: string, runs: LighthouseRun[]): LighthousePage {
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick))
  const failing = new Map<string, FailingAudit & { runs: number }>()
  for (const run of runs) {
    for (const audit of run.failing) {
      const key = `${audit.category}/${audit.id}`
      const seen = failing.get(key)
      if (seen) seen.runs += 1
      else failing.set(key, { ...audit, runs: 1 })
    }
  }
  return {
    name,
    url,
    runs,
    median: {
      scores: {
        performance: of((run) => run.scores.performance),
        accessibility: of((run) => run.scores.accessibility),
        'best-practices': of((run) => run.scores['best-practices']),
        seo: of((run) => run.scores.seo),
      },
      cls: of((run) => run.cls),
      lcpMs: of((run) => run.lcpMs),
      fcpMs: of((run) => run.fcpMs),
      tbtMs: of((run) => run.tbtMs),
      scriptTransferBytes: of((run) => run.scriptTransferBytes),
      benchmarkIndex: of((run) => run.benchmarkIndex),
      loadAverage: of((run) => run.loadAverage),
    },
    failing: [...failing.values()],
    lcpElement: runs.find((run) => run.lcpElement)?.lcpElement ?? null,
  }
}

// Lighthouse sometimes fails to record its trace on a busy machine (NO_NAVSTART) and asks to be
// run again; a page that fails three times in a row stops the benchmark.
const LIGHTHOUSE_ATTEMPTS = 3

async function lighthouseOnce(
  url: string,
  port: number,
  log: (line: string) => void,
  cpuSlowdown?: number,
) {
  // Lighthouse merges these settings into its defaults: only the CPU slowdown changes.
  const config = cpuSlowdown
    ? {
        extends: 'lighthouse:default',
        settings: { throttling: { cpuSlowdownMultiplier: cpuSlowdown } },
      }
    : undefined
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] },
      config as Parameters<typeof lighthouse>[2],
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const error = result.lhr.runtimeError
    if (!error) return result.lhr
    if (attempt >= LIGHTHOUSE_ATTEMPTS) {
      throw new Error(`Lighthouse failed on ${url} ${attempt} times: ${error.message}`)
    }
    log(`  Lighthouse failed on ${url} (${error.code}); running it again`)
  }
}

/**
 * Lighthouse's default (mobile, simulated throttling) configuration, `rounds` times over every
 * page. Pages alternate within a round, so a busy moment on the machine hits them all alike.
 * `cpuSlowdown` replaces its CPU slowdown (4) and nothing else.
 */
export async function runLighthouse(
  pages: { name: string; url: string }[],
  rounds: number,
  log: (line: string) => void,
  cpuSlowdown?: number,
): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  })
  const forget = onCleanup(() => chrome.kill())
  const runs = new Map<string, LighthouseRun[]>(pages.map((page) => [page.name, []]))
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const page of pages) {
        const load = loadavg()[0] ?? Number.NaN
        const lhr = await lighthouseOnce(page.url, chrome.port, log, cpuSlowdown)
        const run = summarize(lhr, load)
        runs.get(page.name)?.push(run)
        log(
          `  round ${round}/${rounds} ${page.name.padEnd(8)} perf ${run.scores.performance} ` +
            `LCP ${Math.round(run.lcpMs)} ms TBT ${Math.round(run.tbtMs)} ms CLS ${run.cls.toFixed(3)} ` +
            `(CPU benchmark ${Math.round(run.benchmarkIndex)}, load ${load.toFixed(1)})`,
        )
      }
    }
  } finally {
    forget()
    chrome.kill()
  }
  return pages.map((page) => aggregate(page.name, page.url, runs.get(page.name) ?? []))
}

export async function chromiumVersion(): Promise<string> {
  const { execFile } = await import('node:child_process')
  return new Promise((resolve) => {
    execFile(CHROME_PATH, ['--version'], { timeout: 10_000 }, (error, stdout) =>
      resolve(error ? 'unknown' : stdout.trim()),
    )
  })
}
