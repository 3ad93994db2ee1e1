import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { type Behaviour, type FakeUpstream, startFakeUpstream } from '../../support/fake-upstream'
import { connectBrowser, openPage, type Size, type Visit } from './browser'
import { type SiteServer, startServer } from './server'

export type Site = {
  readonly url: string
  readonly server: SiteServer
  readonly upstream: FakeUpstream
  readonly browser: Browser
  /** A fresh browser context at this viewport, closed after the test. */
  open(viewport: Size, options?: BrowserContextOptions): Promise<Visit>
}

/**
 * One fake upstream, one server and one browser for the whole test file (started in beforeAll,
 * stopped in afterAll even when tests fail), and a fresh context for every test.
 */
export function setUpSite(
  options: { upstream?: Behaviour; env?: (upstream: FakeUpstream) => Record<string, string> } = {},
): Site {
  let upstream: FakeUpstream | undefined
  let server: SiteServer | undefined
  let browser: Browser | undefined
  const visits: Visit[] = []

  beforeAll(async () => {
    upstream = await startFakeUpstream(options.upstream)
    const env = { MARKET_UPSTREAM_URL: upstream.url, ...options.env?.(upstream) }
    ;[server, browser] = await Promise.all([startServer(env), connectBrowser()])
  })

  afterEach(async () => {
    await Promise.all(visits.splice(0).map((visit) => visit.context.close().catch(() => {})))
  })

  afterAll(async () => {
    await Promise.all([browser?.close().catch(() => {}), server?.stop(), upstream?.close()])
  })

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} did not start; see beforeAll`)
    return value
  }

  return {
    get url() {
      return need(server, 'the server').url
    },
    get server() {
      return need(server, 'the server')
    },
    get upstream() {
      return need(upstream, 'the fake upstream')
    },
    get browser() {
      return need(browser, 'the browser')
    },
    async open(viewport, contextOptions) {
      const visit = await openPage(need(browser, 'the browser'), viewport, contextOptions)
      visits.push(visit)
      return visit
    },
  }
}

/** Waits until the price table shows data rows (not skeletons). */
export async function waitForPrices(page: Page): Promise<void> {
  // In view, as a visitor sees them (on phones the list starts below the fold).
  await page.locator('.prices__card').scrollIntoViewIfNeeded()
  await page.locator('.market-table[aria-busy="false"] tbody tr').first().waitFor()
}

/** Waits until the trending list shows its coins. */
export async function waitForTrending(page: Page): Promise<void> {
  await page.locator('ol.trending__list:not([aria-hidden]) > li').first().waitFor()
}
