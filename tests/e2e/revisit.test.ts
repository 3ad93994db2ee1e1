import type { BrowserContext, Page, Response, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type PageProblems, VIEWPORTS, visit, waitForHydration } from './support/browser'
import { expectNoShift, recordShifts } from './support/shifts'
import { setUpSite, waitForPrices, waitForTrending } from './support/site'

// Stored lists on a prerendered page (RENDER_PAGES=false): what a revisit gets when the server
// serves the page without its data (a render failed, or an old copy). A page rendered with its
// data settles it against the stored lists: tests/e2e/server-render.test.ts.
const site = setUpSite({ env: () => ({ RENDER_PAGES: 'false' }) })
const prerendered = site
const rendered = setUpSite()

const MARKET = '**/api/market/**'

/** The notes under both lists, as read aloud (the decorative icon is CSS only). */
const notes = (page: Page) =>
  page
    .locator('.prices__footer .data-note, .trending__footer .data-note')
    .evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? ''))

/** "14:32" for a response's X-Data-Updated-At, in the context's time zone (UTC). */
function timeOf(response: Response): string {
  const updatedAt = new Date(response.headers()['x-data-updated-at'] ?? '')
  return updatedAt.toISOString().slice(11, 16)
}

/** The market data the page keeps in storage, by key. */
const storedMarketData = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('coinvera-["market"')),
  )

/** A first visit: both lists shown, and kept in storage for the next visit. */
async function firstVisit(page: Page) {
  const markets = page.waitForResponse((r) => r.url().includes('/api/market/coins/markets'))
  const trending = page.waitForResponse((r) => r.url().includes('/api/market/search/trending'))
  await visit(page, `${site.url}/`)
  await waitForPrices(page)
  await waitForTrending(page)
  const times = { prices: timeOf(await markets), trending: timeOf(await trending) }
  // Each is written as it arrives: both lists and the global market.
  await expect.poll(() => storedMarketData(page).then((keys) => keys.length)).toBe(3)
  return times
}

async function expectListsShown(page: Page) {
  await waitForPrices(page)
  await waitForTrending(page)
  expect(await page.locator('.market-table tbody tr').count()).toBe(6)
  // Every row is priced: a dollar amount, not a dash.
  expect(
    await page
      .locator('.market-table tbody tr td:nth-of-type(2)')
      .evaluateAll((cells) => cells.map((cell) => /^\$[\d,.]+$/.test(cell.textContent ?? ''))),
  ).toEqual([true, true, true, true, true, true])
  expect(await page.locator('ol.trending__list:not([aria-hidden]) > li').count()).toBe(7)
  expect(await page.getByRole('alert').count()).toBe(0)
}

/** Holds every market API request unanswered, as a network that has not answered yet. */
async function holdMarketRequests(context: BrowserContext): Promise<Route[]> {
  const held: Route[] = []
  await context.route(MARKET, (route) => {
    held.push(route)
  })
  return held
}

/** The connection drops: the held requests fail as they would offline, and so will any other. */
async function dropTheNetwork(context: BrowserContext, held: Route[]) {
  await context.setOffline(true)
  for (const route of held.splice(0)) await route.abort('internetdisconnected')
  await context.unroute(MARKET)
}

/** Failed market requests are the point of these tests; anything else is a problem. */
const unexpected = (problems: PageProblems) =>
  problems.filter(
    (problem) => !/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/.test(problem),
  )

describe.each(VIEWPORTS)('a revisit at $name ($width×$height)', (viewport) => {
  it('paints the stored lists when the market API is cut, with their age', async () => {
    const { page, context, problems } = await site.open(viewport)
    const times = await firstVisit(page)

    await context.route(MARKET, (route) => route.abort())
    await recordShifts(context)
    await page.reload({ waitUntil: 'load' })
    await waitForHydration(page)

    await expectListsShown(page)
    await expect
      .poll(() => notes(page))
      .toEqual([
        `Showing prices from ${times.prices} — couldn't refresh`,
        `Showing trending coins from ${times.trending} — couldn't refresh`,
      ])
    // Polite: read out when the reader is idle, never interrupting.
    for (const note of await page.locator('.data-note').all()) {
      expect(await note.getAttribute('role')).toBe('status')
    }
    await expectNoShift(page)
    expect(unexpected(problems)).toEqual([])
  })

  it('paints them before any answer, keeps them when the network drops, refreshes when it returns', async () => {
    // A reload with no network at all gets the browser's offline page: the HTML is `no-cache`
    // (a new release must never run an old page) and there is no service worker. What can hold
    // is everything after the page itself: here the connection drops as the page arrives.
    const { page, context, problems } = await site.open(viewport)
    const times = await firstVisit(page)

    const held = await holdMarketRequests(context)
    await page.reload({ waitUntil: 'load' })
    await waitForHydration(page)
    // The market API has not answered: what shows is what the first visit stored.
    await expectListsShown(page)
    expect(held.length).toBeGreaterThan(0)
    await dropTheNetwork(context, held)

    await expectListsShown(page)
    expect(await page.evaluate(() => navigator.onLine)).toBe(false)
    await expect
      .poll(() => notes(page))
      .toEqual([
        `Showing prices from ${times.prices} — couldn't refresh`,
        `Showing trending coins from ${times.trending} — couldn't refresh`,
      ])

    // Back online: the paused refresh runs, and live lists need no note.
    await context.setOffline(false)
    await expect.poll(() => notes(page), { timeout: 15_000 }).toEqual(['', ''])
    await expectListsShown(page)
    expect(unexpected(problems)).toEqual([])
  })
})

/**
 * A revisit whose connection drops as the page arrives, and comes back: the price section's menu
 * (its code loaded late, src/boot/price-extras.tsx) keeps the server's HTML while it cannot load,
 * and is adopted and works once it can. On a phone the prices are far below the fold, so the
 * menu's code was never loaded before the network went.
 */
function offlineThenOnline(site: typeof prerendered, { stored }: { stored: boolean }) {
  it.each(VIEWPORTS)(
    'at $name: the stored prices at once, the menu works once its code can load',
    async (viewport) => {
      const { page, context, problems } = await site.open(viewport)
      await visit(page, `${site.url}/`)
      await expect
        .poll(() => page.evaluate(() => Object.keys(localStorage).length))
        .toBeGreaterThanOrEqual(2)

      const held = await holdMarketRequests(context)
      await page.reload({ waitUntil: 'load' })
      await waitForHydration(page)
      await dropTheNetwork(context, held)
      // The rows need no code but the page's: the stored prices are there.
      await page.locator('.market-table[aria-busy="false"] tbody tr').first().waitFor()
      expect(await page.locator('.market-table tbody tr').count()).toBe(6)

      // Scrolling to the prices while offline: the menu's code waits for the connection, and the
      // server's HTML of the menu stays as it is.
      await page.evaluate(() => document.querySelector('.prices__card')?.scrollIntoView())
      // The visitor stays offline a moment with the prices in view: long enough for a try to load
      // the menu's code to be made and fail (a browser may remember that failure for good).
      await page
        .waitForEvent('requestfailed', {
          predicate: (request) => request.url().includes('price-extras'),
          timeout: 2000,
        })
        .catch(() => {})
      // A prerendered page shows what the first visit stored, and says its refresh failed; a
      // page rendered with its data shows the server's, fresh, which needs no refresh yet.
      if (stored) {
        await expect
          .poll(() => notes(page))
          .toEqual([
            expect.stringMatching(/^Showing prices from/),
            expect.stringMatching(/^Showing trending/),
          ])
      }
      const menu = page.locator('select[name="currency"]')
      const adopted = () =>
        menu.evaluate((element) => Object.keys(element).join().includes('__react'))
      if (viewport.phone) expect(await adopted()).toBe(false)
      expect(await menu.inputValue()).toBe('usd')
      expect(await page.locator('.market-table tbody tr').count()).toBe(6)
      expect(await page.getByRole('alert').count()).toBe(0)

      await context.setOffline(false)
      await expect.poll(adopted, { timeout: 15_000 }).toBe(true)
      await expectListsShown(page)

      // The menu works: a pick changes the prices and the address.
      await menu.selectOption('gbp')
      await page.waitForURL(`${site.url}/?currency=gbp`)
      await expect
        .poll(() => page.locator('.market-table tbody tr td:nth-of-type(2)').first().textContent())
        .toMatch(/^£[\d,.]+$/)
      expect(unexpected(problems)).toEqual([])
    },
  )
}

describe('an offline revisit of a prerendered page, then online again', () => {
  offlineThenOnline(prerendered, { stored: true })
})

describe('an offline revisit of a page rendered with its data, then online again', () => {
  offlineThenOnline(rendered, { stored: false })
})
