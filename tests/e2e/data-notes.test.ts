import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { VIEWPORTS, visit } from './support/browser'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { type SiteServer, startServer } from './support/server'
import { setUpSite, waitForPrices, waitForTrending } from './support/site'

// This file's main server has an upstream that fails from the start: it can only serve the
// sample data shipped in the repository.
const site = setUpSite({ upstream: { kind: 'status', status: 500 } })

// Said once per page, by the first list labelled sample.
const SAMPLE_NOTE = 'Live prices are unavailable'

/** The notes a visitor sees, as read aloud: the decorative icon (aria-hidden) left out. */
const notes = (page: Page) =>
  page.locator('.prices__footer .data-note, .trending__footer .data-note').evaluateAll((els) =>
    els
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.textContent)
      .map((el) => {
        const copy = el.cloneNode(true) as HTMLElement
        for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
        return copy.textContent?.trim() ?? ''
      }),
  )

describe.each(VIEWPORTS)('data notes at $name ($width×$height)', (viewport) => {
  it('says when it shows sample data, whose images all load from our own site', async () => {
    const { page, problems } = await site.open(viewport)
    const broken: string[] = []
    page.on('requestfailed', (request) =>
      broken.push(`${request.url()} ${request.failure()?.errorText}`),
    )
    page.on('response', (response) => {
      if (response.status() >= 400) broken.push(`${response.url()} ${response.status()}`)
    })
    await visit(page, `${site.url}/`)
    await waitForPrices(page)
    await waitForTrending(page)
    await expect.poll(() => notes(page)).toEqual([SAMPLE_NOTE])
    // Each list says it is the sample, in its heading, and gives it no age that would read as real.
    for (const title of ["Today's Cryptocurrency Prices", 'Top 7 Trending Search Coins']) {
      const heading = page.getByRole('heading', { name: `${title} Sample data`, exact: true })
      expect(await heading.locator('.sample-badge').isVisible(), title).toBe(true)
    }
    expect(await page.locator('.updated-ago').textContent()).toBe('')
    expect(await page.locator('.market-table tbody tr').count()).toBe(6)
    expect(await page.locator('.trending ol.trending__list > li').count()).toBe(7)

    // Each image is brought into view in turn and waited for until it loads or fails: a poll
    // with a deadline timed out at load 12 while the lazy badges were still on their way.
    const unloaded = await page.locator('img').evaluateAll(async (els) => {
      const failed: string[] = []
      for (const img of els as HTMLImageElement[]) {
        img.scrollIntoView({ block: 'center' })
        const loaded = await img.decode().then(
          () => img.naturalWidth > 0,
          () => false,
        )
        if (!loaded) failed.push(img.src)
      }
      return failed
    })
    expect(unloaded).toEqual([])
    // Every coin shows its shipped image, none fell back to a monogram.
    expect(await page.locator('.coin-monogram').count()).toBe(0)
    expect(
      await page
        .locator('.market-table tbody img, .trending__list img')
        .evaluateAll((els) => (els as HTMLImageElement[]).map((img) => new URL(img.src).pathname)),
    ).toHaveLength(13)
    expect(broken).toEqual([])
    expect(problems).toEqual([])
  })
})

describe('stale prices', () => {
  let upstream: FakeUpstream | undefined
  let server: SiteServer | undefined

  beforeAll(async () => {
    upstream = await startFakeUpstream()
    server = await startServer({
      MARKET_UPSTREAM_URL: upstream.url,
      MARKETS_TTL_S: '1',
      TRENDING_TTL_S: '1',
    })
    // Wait for one good answer of each list, then let the upstream fail, until the server says
    // both lists are past their TTL.
    const lists = async () =>
      (await (await fetch(`${server?.url}/api/health/detail`)).json()).upstream
    await vi.waitFor(
      async () => {
        const { markets, trending } = await lists()
        expect([markets.source, trending.source]).toEqual(['upstream', 'upstream'])
      },
      { timeout: 15_000, interval: 100 },
    )
    upstream.behave({ kind: 'status', status: 500 })
    await vi.waitFor(
      async () => {
        const { markets, trending } = await lists()
        expect([markets.fresh, trending.fresh]).toEqual([false, false])
      },
      { timeout: 10_000, interval: 100 },
    )
  })

  afterAll(async () => {
    await server?.stop()
    await upstream?.close()
  })

  it.each(VIEWPORTS)(
    'says when the prices are from at $name ($width×$height)',
    async (viewport) => {
      const { page, problems } = await site.open(viewport)
      // The page arrives rendered with the stale data (the browser asks again only once its
      // minute has passed): the server's own record says when that data is from.
      const health = await (await fetch(`${server?.url}/api/health/detail`)).json()
      expect(health.upstream.markets.fresh).toBe(false)
      // The context's time zone is UTC: the note shows the update time as the visitor reads it.
      const time = new Date(health.upstream.markets.updatedAt).toLocaleTimeString('en-US', {
        hour: '2-digit',
        minute: '2-digit',
        // h23, not hour12: false, which writes midnight as 24:xx in en-US.
        hourCycle: 'h23',
        timeZone: 'UTC',
      })
      expect(time).toMatch(/^\d\d:\d\d$/)
      // Without the script, the server's HTML says it in UTC, as it cannot know the zone.
      const html = await (await fetch(`${server?.url}/`)).text()
      expect(html).toContain(`Prices as of ${time} UTC`)
      await visit(page, `${server?.url}/`)
      await waitForPrices(page)
      await waitForTrending(page)
      await expect.poll(() => notes(page)).toEqual([`Prices as of ${time}`, `Prices as of ${time}`])
      expect(await page.locator('.market-table tbody tr').count()).toBe(6)
      // The HTML's UTC time became the visitor's own after hydration, which React did not mind.
      expect(problems).toEqual([])
    },
  )
})
