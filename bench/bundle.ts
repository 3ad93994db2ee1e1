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
  /** Bytes as transferred during the load: the body as sent (brotli) and the response headers. */
  transfer: number
}

export type RouteScripts = {
  route: string
  /** Every script fetched during the load, sized as sent and as it would be raw and in gzip. */
  total: Sizes & { transfer: number }
  files: ScriptFile[]
}

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

// Lighthouse's mobile screen: what is near the viewport, and so loaded during the load, depends on it.
const VIEWPORT = { width: 412, height: 823 }
// Lighthouse ends a load once the network has been quiet this long (its default configuration).
const NETWORK_QUIET_MS = 5000

/**
 * The JavaScript each route transfers during its load, counted as Lighthouse counts it: every
 * script the page fetches until the network has been quiet for five seconds after `load`, each
 * with its transfer size (the body as the server sent it, brotli, and the response's headers) as
 * Chromium reports it. The prerendered pages name no script: their inline loader adds the entry and
 * its chunks after the first paint, then the router imports the route's chunks. Raw and gzip sizes
 * are given beside, from the same files.
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
      const context = await browser.newContext({ viewport: VIEWPORT })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      const scripts = new Map<string, string>()
      const transfers = new Map<string, number>()
      let lastScriptAt = Date.now()
      cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
        const url = new URL(response.url)
        if (type !== 'Script' || url.origin !== origin) return
        scripts.set(requestId, url.pathname)
        lastScriptAt = Date.now()
      })
      cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        if (scripts.has(requestId)) transfers.set(requestId, encodedDataLength)
      })
      await page.goto(origin + route, { waitUntil: 'load', timeout: 30_000 })
      const deadline = Date.now() + 20_000
      while (Date.now() - lastScriptAt < NETWORK_QUIET_MS && Date.now() < deadline) {
        await page.waitForTimeout(250)
      }
      await context.close()

      const files: ScriptFile[] = []
      for (const [requestId, path] of scripts) {
        if (!cache.has(path)) {
          const res = await get(origin + path)
          if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
          cache.set(path, sizes(res.body))
        }
        const transfer = transfers.get(requestId)
        if (transfer === undefined) throw new Error(`${path} never finished loading`)
        files.push({ path, transfer, ...(cache.get(path) as Sizes) })
      }
      const total = files.reduce(
        (sum, file) => ({
          raw: sum.raw + file.raw,
          gzip: sum.gzip + file.gzip,
          brotli: sum.brotli + file.brotli,
          transfer: sum.transfer + file.transfer,
        }),
        { raw: 0, gzip: 0, brotli: 0, transfer: 0 },
      )
      results.push({ route, total, files })
      log(
        `  ${route.padEnd(8)} ${files.length} scripts, ${(total.transfer / 1000).toFixed(1)} kB transferred`,
      )
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
