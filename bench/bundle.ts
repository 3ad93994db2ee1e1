import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROME_FLAGS, CHROME_PATH } from './lighthouse'
import { get } from './lib/net'
import { onCleanup } from './lib/processes'

export type Sizes = { raw: number; gzip: number; brotli: number }

export type ScriptFile = Sizes & {
  path: string
  /** entry: the page's <script>; preload: its modulepreloads; loaded: fetched while starting. */
  kind: 'entry' | 'preload' | 'loaded'
}

export type RouteScripts = { route: string; total: Sizes; files: ScriptFile[] }

// The same levels the build uses for the compressed copies it serves (scripts/site-manifest.ts).
function sizes(body: Buffer): Sizes {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length,
    brotli: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  }
}

/** The entry script and modulepreloads a page's HTML names (what Vite wrote into it). */
function staticScripts(html: string): { entry: string[]; preload: string[] } {
  const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1]
  const entry: string[] = []
  const preload: string[] = []
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = attr(tag, 'src')
    if (src && /type="module"/.test(tag)) entry.push(src)
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = attr(tag, 'href')
    if (href && /rel="modulepreload"/.test(tag)) preload.push(href)
  }
  return { entry, preload }
}

/**
 * The JavaScript each route loads before it is interactive: the scripts its HTML names, plus every
 * script a real page load fetches until the network has been quiet for a second after `load`
 * (the prerendered pages name none: their inline loader adds the entry and its modulepreloads
 * after the first paint; then the route chunks the router imports before hydrating). Sizes are
 * measured on the bytes the server sends, so they are those of the build it serves.
 */
export async function measureRoutes(
  origin: string,
  routes: string[],
  log: (line: string) => void,
): Promise<RouteScripts[]> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')),
    timeout: 30_000,
  })
  const forget = onCleanup(() => void browser.close())
  const cache = new Map<string, Sizes>()
  const results: RouteScripts[] = []
  try {
    for (const route of routes) {
      const html = (await get(origin + route)).body.toString('utf8')
      const { entry, preload } = staticScripts(html)
      const context = await browser.newContext()
      const page = await context.newPage()
      const loaded: string[] = []
      let lastScriptAt = Date.now()
      page.on('response', (response) => {
        const url = new URL(response.url())
        if (url.origin !== origin || response.request().resourceType() !== 'script') return
        loaded.push(url.pathname)
        lastScriptAt = Date.now()
      })
      await page.goto(origin + route, { waitUntil: 'load', timeout: 30_000 })
      const deadline = Date.now() + 10_000
      while (Date.now() - lastScriptAt < 1000 && Date.now() < deadline) {
        await page.waitForTimeout(200)
      }
      await context.close()

      const files: ScriptFile[] = []
      const seen = new Set<string>()
      const add = (path: string, kind: ScriptFile['kind']) => {
        if (seen.has(path)) return
        seen.add(path)
        files.push({ path, kind, ...(cache.get(path) as Sizes) })
      }
      for (const path of [...entry, ...preload, ...loaded]) {
        if (cache.has(path)) continue
        const res = await get(origin + path)
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
        cache.set(path, sizes(res.body))
      }
      for (const path of entry) add(path, 'entry')
      for (const path of preload) add(path, 'preload')
      for (const path of loaded) add(path, 'loaded')
      const total = files.reduce(
        (sum, file) => ({
          raw: sum.raw + file.raw,
          gzip: sum.gzip + file.gzip,
          brotli: sum.brotli + file.brotli,
        }),
        { raw: 0, gzip: 0, brotli: 0 },
      )
      results.push({ route, total, files })
      log(`  ${route.padEnd(8)} ${files.length} scripts, ${(total.gzip / 1000).toFixed(1)} kB gzip`)
    }
  } finally {
    forget()
    await browser.close()
  }
  return results
}

export type ForbiddenHit = { pattern: string; file: string }

// Names that only exist in the devtools and MSW packages, and a message only React's development
// build carries (a build made with NODE_ENV=development ships it).
const FORBIDDEN = [
  'TanStackRouterDevtools',
  'ReactQueryDevtools',
  'mockServiceWorker',
  'setupWorker',
  'msw/browser',
  'INTERNAL_MSW',
  'Hydration failed because the server rendered',
]

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) walk(full, out)
    else out.push(full)
  }
  return out
}

/**
 * Devtools or MSW code in what the server publishes. Source maps are listed apart: they are
 * published too, but a browser fetches them only with its devtools open.
 */
export function forbiddenCode(clientDir: string): {
  code: ForbiddenHit[]
  sourceMaps: ForbiddenHit[]
  suspectFiles: string[]
} {
  const code: ForbiddenHit[] = []
  const sourceMaps: ForbiddenHit[] = []
  const files = walk(clientDir)
  for (const file of files) {
    const text = readFileSync(file, 'latin1')
    const name = relative(clientDir, file)
    for (const pattern of FORBIDDEN) {
      if (!text.includes(pattern)) continue
      ;(name.endsWith('.map') ? sourceMaps : code).push({ pattern, file: name })
    }
  }
  const suspectFiles = files
    .map((file) => relative(clientDir, file))
    .filter((name) => /devtools|mock|msw/i.test(name))
  return { code, sourceMaps, suspectFiles }
}
