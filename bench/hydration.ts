import { writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { CHROME_FLAGS, CHROME_PATH } from './lighthouse'
import { onCleanup } from './lib/processes'
import { median } from './lib/stats'

/**
 * The main thread of a page load as Lighthouse's mobile run would simulate it: a 412 px window,
 * a fresh context, and each task's time multiplied by 4 (its CPU slowdown). The time taken is each
 * task's CPU time on the renderer's main thread (the trace's thread duration), not its wall time:
 * on a machine shared with other work, wall time also counts the moments the thread waited for a
 * core, which is what makes Lighthouse's figures swing with the load. A Chromium trace of each
 * load gives its tasks, and a sampling profile of the same load gives the JavaScript functions that
 * ran, so the work can be read task by task and function by function.
 */
const CPU_SLOWDOWN = 4
const VIEWPORT = { width: 412, height: 823 }
// Events that only wrap the work of a task.
const WRAPPERS =
  /^(RunTask|ThreadControllerImpl::RunTask|BlinkScheduler_PerformMicrotaskCheckpoint|ThreadPool_|SimpleWatcher|Receive mojo)/
// A task longer than this blocks input (the definition Total Blocking Time counts from).
const LONG_TASK_MS = 50

const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
]

// Says `coinvera:quiet` on the console once React has hydrated `#root` and no long task has run
// for two seconds. The page reports it itself: polling it through DevTools would add tasks of
// its own to the trace. A string: tsx would wrap a function's inner names in a helper the page
// does not have.
const QUIET = 'coinvera:quiet'
const REPORT_QUIET = `(() => {
  let last = performance.now()
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration)
  }).observe({ type: 'longtask', buffered: true })
  const check = () => {
    const root = document.getElementById('root')
    const hydrated = root && Object.keys(root).some((key) => key.startsWith('__react'))
    if (hydrated && performance.now() - last > 2000) console.debug('${QUIET}')
    else setTimeout(check, 500)
  }
  setTimeout(check, 500)
})()`

type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** CPU time, in µs. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown> }
}

export type Task = {
  /** From navigation start, in ms. */
  startMs: number
  /** Its CPU time times the slowdown, in ms. */
  durationMs: number
  /** What the task spent its time on, by trace event (the longest first), in ms. */
  parts: [string, number][]
}

export type HydrationRun = {
  /** First contentful paint, as measured (not slowed down). */
  fcpMs: number
  /** Σ (task − 50 ms) over the slowed-down tasks from FCP on, as Total Blocking Time counts them. */
  blockingMs: number
  /** Every slowed-down task of 10 ms or more from FCP on. */
  tasks: Task[]
  /** Main-thread time from navigation to FCP, slowed down: the CPU share of the first paint. */
  beforeFcpMs: number
  /** Main-thread time from FCP on, slowed down. */
  busyMs: number
}

export type HydrationRoute = {
  route: string
  runs: HydrationRun[]
  medianBlockingMs: number
  medianBusyMs: number
  medianBeforeFcpMs: number
  /** JavaScript self time by function over every run, the largest first (ms per run). */
  functions: { name: string; url: string; selfMs: number }[]
}

/** The renderer's main thread: the CrRendererMain thread that evaluated the page's scripts. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const candidates = new Map<string, number>()
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain') {
      candidates.set(`${event.pid}:${event.tid}`, 0)
    }
  }
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`
    if (candidates.has(key) && event.name === 'EvaluateScript') {
      candidates.set(key, (candidates.get(key) ?? 0) + 1)
    }
  }
  const [best] = [...candidates.entries()].sort((a, b) => b[1] - a[1])
  if (!best) throw new Error('no renderer main thread in the trace')
  const [pid, tid] = best[0].split(':').map(Number) as [number, number]
  return { pid, tid }
}

function summarize(events: TraceEvent[]): HydrationRun {
  const { pid, tid } = mainThread(events)
  const own = events.filter((event) => event.pid === pid && event.tid === tid)
  const navigation = own.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame,
  )
  const fcp = events.find((event) => event.name === 'firstContentfulPaint')
  if (!navigation || !fcp) throw new Error('the trace has no navigation start or FCP')
  const at = (ts: number) => (ts - navigation.ts) / 1000
  const complete = own
    .filter((event) => event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts)
  const tasks: Task[] = []
  let busyMs = 0
  let beforeFcpMs = 0
  for (const task of complete) {
    if (task.name === 'RunTask' && task.ts >= navigation.ts && task.ts < fcp.ts) {
      beforeFcpMs += ((task.tdur ?? task.dur ?? 0) / 1000) * CPU_SLOWDOWN
    }
    if (task.name !== 'RunTask' || task.ts < fcp.ts) continue
    const durationMs = ((task.tdur ?? task.dur ?? 0) / 1000) * CPU_SLOWDOWN
    busyMs += durationMs
    if (durationMs < 10) continue
    const end = task.ts + (task.dur ?? 0)
    // Each kind of work inside the task: the outermost events under it that are not the
    // scheduler's own wrappers, by name.
    const parts = new Map<string, number>()
    let coveredUntil = task.ts
    for (const event of complete) {
      if (event.ts < task.ts || event.ts >= end || event === task) continue
      if (event.ts < coveredUntil || WRAPPERS.test(event.name)) continue
      const label =
        event.name === 'EvaluateScript' || event.name === 'v8.compileModule'
          ? `${event.name} ${String(event.args?.data?.url ?? '').replace(/^.*\//, '')}`
          : event.name
      parts.set(
        label,
        (parts.get(label) ?? 0) + ((event.tdur ?? event.dur ?? 0) / 1000) * CPU_SLOWDOWN,
      )
      coveredUntil = event.ts + (event.dur ?? 0)
    }
    tasks.push({
      startMs: at(task.ts),
      durationMs,
      parts: [...parts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, ms]) => [name, Math.round(ms * 10) / 10]),
    })
  }
  const blockingMs = tasks.reduce(
    (sum, task) => sum + Math.max(0, task.durationMs - LONG_TASK_MS),
    0,
  )
  return { fcpMs: at(fcp.ts), blockingMs, tasks, busyMs, beforeFcpMs }
}

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** Self time per function (name, file and position) in a CPU profile, in ms. */
function selfTimes(profile: Profile, into: Map<string, { name: string; url: string; ms: number }>) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)
    const next = profile.timeDeltas[i + 1] ?? 0
    if (!node) return
    const { functionName, url, lineNumber, columnNumber } = node.callFrame
    const file = url.replace(/^.*\//, '')
    const key = `${functionName}@${file}:${lineNumber}:${columnNumber}`
    const entry = into.get(key) ?? {
      name: functionName || '(anonymous)',
      url: file ? `${file}:${lineNumber + 1}:${columnNumber + 1}` : '',
      ms: 0,
    }
    entry.ms += next / 1000
    into.set(key, entry)
  })
}

/**
 * `rounds` loads of each route; the first load's trace is written to `traceFile(route)` when
 * given (open it in Chromium's DevTools, Performance panel).
 */
export async function measureHydration(
  origin: string,
  routes: string[],
  rounds: number,
  log: (line: string) => void,
  traceFile?: (route: string) => string,
): Promise<HydrationRoute[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS })
  const forget = onCleanup(() => void browser.close())
  try {
    const results: HydrationRoute[] = []
    for (const route of routes) {
      const runs: HydrationRun[] = []
      const functions = new Map<string, { name: string; url: string; ms: number }>()
      for (let round = 0; round < rounds; round++) {
        const context = await browser.newContext({ viewport: VIEWPORT })
        try {
          const page = await context.newPage()
          const cdp = await context.newCDPSession(page)
          await cdp.send('Profiler.enable')
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
          const events: TraceEvent[] = []
          cdp.on('Tracing.dataCollected', ({ value }) => {
            events.push(...(value as unknown as TraceEvent[]))
          })
          const traced = new Promise<void>((resolve) =>
            cdp.once('Tracing.tracingComplete', () => resolve()),
          )
          await cdp.send('Tracing.start', {
            traceConfig: { includedCategories: TRACE_CATEGORIES },
            transferMode: 'ReportEvents',
          })
          await cdp.send('Profiler.start')
          await page.addInitScript({ content: REPORT_QUIET })
          const quiet = page.waitForEvent('console', {
            predicate: (message) => message.text() === QUIET,
            timeout: 60_000,
          })
          await page.goto(origin + route, { waitUntil: 'load', timeout: 60_000 })
          await quiet
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
          await cdp.send('Tracing.end')
          await traced
          const run = summarize(events)
          runs.push(run)
          selfTimes(profile, functions)
          if (round === 0 && traceFile) {
            writeFileSync(traceFile(route), JSON.stringify({ traceEvents: events }))
          }
          log(
            `  ${route}: FCP ${Math.round(run.fcpMs)} ms, blocking ${Math.round(run.blockingMs)} ms, ` +
              `before it ${Math.round(run.beforeFcpMs)} ms, busy ${Math.round(run.busyMs)} ms, tasks ≥ 10 ms: ${run.tasks.map((task) => Math.round(task.durationMs)).join(', ')}`,
          )
        } finally {
          await context.close()
        }
      }
      results.push({
        route,
        runs,
        medianBlockingMs: median(runs.map((run) => run.blockingMs)),
        medianBusyMs: median(runs.map((run) => run.busyMs)),
        medianBeforeFcpMs: median(runs.map((run) => run.beforeFcpMs)),
        functions: [...functions.values()]
          .filter((entry) => entry.name !== '(idle)' && entry.name !== '(program)')
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 25)
          .map(({ name, url, ms }) => ({ name, url, selfMs: Math.round((ms / rounds) * 10) / 10 })),
      })
    }
    return results
  } finally {
    forget()
    await browser.close()
  }
}
