import { chromium } from 'playwright-core'
import { CHROME_FLAGS, CHROME_PATH } from './lighthouse'
import { onCleanup } from './lib/processes'
import { median } from './lib/stats'

/**
 * Lighthouse's mobile throttling, applied for real (DevTools throttling) rather than simulated:
 * slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and a CPU 4× slower, on a phone
 * 412 px wide.
 */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
const CPU_SLOWDOWN = 4
const VIEWPORT = { width: 412, height: 823 }

export type TimeToPrices = {
  route: string
  /** Navigation start to the first contentful paint, each run (ms). */
  fcpMs: number[]
  /** Navigation start to the first frame with six priced rows, each run (ms). */
  pricesMs: number[]
  medianFcpMs: number
  medianPricesMs: number
  /**
   * Median over the loads of each load's prices after its own FCP (ms): the budget's figure.
   * The two medians above may come from different loads.
   */
  medianAfterFcpMs: number
}

/**
 * From navigation start: the first contentful paint, and the animation frame that paints the price
 * table (or the full list's) with six rows priced in dollars (the first frame after they are in the page). Measured in
 * the same page load, so each run gives both. A route whose table is below the fold counts its
 * rows when they are in the page, laid out, ready for the visitor who scrolls there. A string, not
 * a function: tsx would wrap the function's inner names in a helper the page does not have.
 */
const RECORD_IN_PAGE = `(() => {
  const seen = { fcp: -1, prices: -1 }
  window.__timeToPrices = seen
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime
    }
  }).observe({ type: 'paint', buffered: true })
  let found = false
  new MutationObserver(() => {
    if (found) return
    // The full list's price is the cell after the coin's name: its rows may lead with a star.
    const cells = document.querySelectorAll(
      '.market-table tbody tr td:nth-of-type(2), .coin-list tbody tr th + td',
    )
    const priced = [...cells].filter((cell) => /^\\$[\\d,.]+$/.test(cell.textContent || ''))
    if (priced.length < 6) return
    found = true
    requestAnimationFrame((time) => { seen.prices = time })
  }).observe(document, { childList: true, subtree: true, characterData: true })
})()`

type Seen = { fcp: number; prices: number }
const seenIn = () => (window as unknown as { __timeToPrices: Seen }).__timeToPrices

export async function measureTimeToPrices(
  origin: string,
  routes: string[],
  rounds: number,
  log: (line: string) => void,
): Promise<TimeToPrices[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS })
  const forget = onCleanup(() => void browser.close())
  try {
    const results: TimeToPrices[] = []
    for (const route of routes) {
      const fcpMs: number[] = []
      const pricesMs: number[] = []
      for (let round = 0; round < rounds; round++) {
        // A new context each run: no HTTP cache, no stored lists.
        const context = await browser.newContext({ viewport: VIEWPORT })
        try {
          const page = await context.newPage()
          const cdp = await context.newCDPSession(page)
          await cdp.send('Network.enable')
          await cdp.send('Network.emulateNetworkConditions', NETWORK)
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
          await page.addInitScript({ content: RECORD_IN_PAGE })
          await page.goto(origin + route, { waitUntil: 'load', timeout: 60_000 })
          // A function, not a string: the page's CSP refuses eval, which a string would need.
          await page.waitForFunction(
            () => {
              const seen = (window as unknown as { __timeToPrices: Seen }).__timeToPrices
              return seen.fcp >= 0 && seen.prices >= 0
            },
            undefined,
            { timeout: 30_000 },
          )
          const seen = await page.evaluate(seenIn)
          fcpMs.push(seen.fcp)
          // Rows in the page before the first paint are painted by it, not sooner.
          pricesMs.push(Math.max(seen.prices, seen.fcp))
          log(
            `  ${route}: FCP ${Math.round(seen.fcp)} ms, six priced rows ${Math.round(Math.max(seen.prices, seen.fcp))} ms`,
          )
        } finally {
          await context.close()
        }
      }
      results.push({
        route,
        fcpMs,
        pricesMs,
        medianFcpMs: median(fcpMs),
        medianPricesMs: median(pricesMs),
        medianAfterFcpMs: median(pricesMs.map((prices, i) => prices - (fcpMs[i] ?? prices))),
      })
    }
    return results
  } finally {
    forget()
    await browser.close()
  }
}
