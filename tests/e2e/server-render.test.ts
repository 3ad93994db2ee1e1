import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { VIEWPORTS, visit } from './support/browser'
import { setUpSite } from './support/site'

// Pages that show market data arrive with it: rendered by the server from its cache.
const site = setUpSite()

const MARKET = '**/api/market/**'

/** The price cells of the table's rows, as shown. */
const prices = (page: Page) =>
  page
    .locator('.market-table tbody tr td:nth-of-type(2)')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''))

describe.each(VIEWPORTS)('server-rendered prices at $name ($width×$height)', (viewport) => {
  it('shows today’s prices and trending coins with JavaScript off', async () => {
    const { page } = await site.open(viewport, { javaScriptEnabled: false })
    for (const path of ['/', '/crypto']) {
      await page.goto(site.url + path)
      const shown = await prices(page)
      expect(shown, path).toHaveLength(6)
      for (const price of shown) expect(price, path).toMatch(/^\$[\d,.]+$/)
      expect(await page.getByText('Data provided by').count(), path).toBeGreaterThan(0)
    }
    await page.goto(`${site.url}/`)
    expect(await page.locator('ol.trending__list:not([aria-hidden]) > li').count()).toBe(7)
  })

  it('paints the prices first and never shows a skeleton after, with no hydration warning', async () => {
    const { page, context, problems } = await site.open(viewport)
    // From the document's first parse: every skeleton ever added to the page is counted.
    await context.addInitScript(() => {
      const seen = { skeletons: 0, rowsAtFirstPaint: -1 }
      ;(window as unknown as { __seen: typeof seen }).__seen = seen
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (
              node instanceof Element &&
              (node.matches('.skeleton') || node.querySelector('.skeleton'))
            )
              seen.skeletons++
          }
        }
      }).observe(document, { childList: true, subtree: true })
      new PerformanceObserver(() => {
        if (seen.rowsAtFirstPaint < 0) {
          seen.rowsAtFirstPaint = document.querySelectorAll('.market-table tbody tr').length
        }
      }).observe({ type: 'paint', buffered: true })
    })
    const requests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/market/')) requests.push(request.url())
    })
    for (const path of ['/crypto', '/']) {
      await visit(page, site.url + path)
      // The app has taken the table over (hydration reaches it last, in its transition), and the
      // page has run out of work: a skeleton after hydration, or a refetch, would be here by now.
      await page.waitForFunction(() => {
        const row = document.querySelector('.market-table tbody tr')
        return !!row && Object.keys(row).some((key) => key.startsWith('__reactFiber'))
      })
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
      const seen = await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)
      expect(seen, path).toEqual({ skeletons: 0, rowsAtFirstPaint: 6 })
      expect(await prices(page)).toHaveLength(6)
    }
    // Hydrated from the page's data: no second fetch of what it carried.
    expect(requests).toEqual([])
    expect(problems).toEqual([])
  })

  it('shows stored prices newer than the page’s once the app runs', async () => {
    const { page, context } = await site.open(viewport)
    await visit(page, `${site.url}/crypto`)
    const fromServer = await prices(page)
    // A later visit stored a newer price (as a refresh on another tab would have).
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) =>
        k.startsWith('coinvera-["market","markets"'),
      )
      if (!key) throw new Error('the page’s prices were not stored')
      const entry = JSON.parse(localStorage.getItem(key) as string)
      entry.state.data.coins[0].current_price = 1234.5
      entry.state.dataUpdatedAt = Date.now()
      localStorage.setItem(key, JSON.stringify(entry))
    })
    await context.route(MARKET, (route) => route.abort())
    await visit(page, `${site.url}/crypto`)
    await expect.poll(() => prices(page).then((shown) => shown[0])).toBe('$1,234.50')
    expect((await prices(page)).slice(1)).toEqual(fromServer.slice(1))
  })
})
