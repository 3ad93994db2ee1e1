import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runAxe, VIEWPORTS, visit } from './support/browser'
import { setUpSite, waitForPrices } from './support/site'

// Each test asks for new coins and charts: a budget for a test run, not the keyless default's 10.
const site = setUpSite({
  env: () => ({ UPSTREAM_CALLS_PER_MIN: '1000', COIN_MISS_RATE_LIMIT: '1000' }),
})

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../mocks/fixtures/${name}`, import.meta.url), 'utf8'))

/** Waits until the coin's figures and its chart are drawn. */
async function waitForCoin(page: Page) {
  await page.locator('.coin-page__price-value').waitFor()
  await page.locator('.coin-chart__svg').waitFor()
}

async function expectNoAxeViolations(page: Page) {
  const violations = await runAxe(page)
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
}

describe.each(VIEWPORTS)('coin pages at $name ($width×$height)', (viewport) => {
  it("opens from a price-list row's coin link, with its figures, chart and no axe violations", async () => {
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    await page.locator('.market-table a.coin-cell[href="/coins/bitcoin"]').click()
    await page.waitForURL(`${site.url}/coins/bitcoin`)
    await waitForCoin(page)
    expect(await page.locator('h1').textContent()).toBe('Bitcoin BTC')
    expect(await page.locator('.coin-page__price-value').textContent()).toBe('$97,412.00')
    expect(await page.getByRole('img', { name: 'Bitcoin price, 7-day' }).count()).toBe(1)
    expect(await page.locator('.coin-chart__summary').textContent()).toMatch(/^7-day range \$/)
    await expectNoAxeViolations(page)
    expect(problems).toEqual([])
  })

  it('changes the range, which the URL keeps, and shows a price under the pointer', async () => {
    const { page, problems } = await site.open(viewport)
    const response = await visit(page, `${site.url}/coins/bitcoin`)
    expect(response?.status()).toBe(200)
    await waitForCoin(page)
    await page.getByRole('link', { name: 'Show 30 d' }).click()
    await page.waitForURL(`${site.url}/coins/bitcoin?range=30d`)
    await page.getByRole('img', { name: 'Bitcoin price, 30-day' }).waitFor()
    expect(await page.getByRole('link', { name: 'Show 30 d' }).getAttribute('aria-current')).toBe(
      'page',
    )
    const plot = page.locator('.coin-chart__plot')
    const box = await plot.boundingBox()
    if (!box) throw new Error('the chart has no box')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    expect(await page.locator('.coin-chart__readout-price').textContent()).toMatch(
      /^\$[\d,]+\.\d\d$/,
    )
    await expectNoAxeViolations(page)
    expect(problems).toEqual([])
  })

  it('works with the keyboard alone: from the price list to a range', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? '')
    for (let i = 0; i < 60 && (await focused()) !== '/coins/bitcoin'; i++) {
      await page.keyboard.press('Tab')
    }
    expect(await focused()).toBe('/coins/bitcoin')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${site.url}/coins/bitcoin`)
    await waitForCoin(page)
    for (let i = 0; i < 60 && (await focused()) !== '/coins/bitcoin?range=1y'; i++) {
      await page.keyboard.press('Tab')
    }
    await page.keyboard.press('Enter')
    await page.waitForURL(`${site.url}/coins/bitcoin?range=1y`)
    await page.getByRole('img', { name: 'Bitcoin price, 1-year' }).waitFor()
    // The chart takes focus and steps through its prices with the arrow keys.
    await page.locator('.coin-chart__plot').focus()
    await page.keyboard.press('End')
    expect(await page.locator('.coin-chart__readout-price').textContent()).toMatch(/^\$/)
  })

  it('renders a hostile description as inert text', async () => {
    const bitcoin = fixture('coins-bitcoin.json')
    site.upstream.behave(
      {
        kind: 'ok',
        body: JSON.stringify({
          ...bitcoin,
          id: 'solana',
          name: 'Solana',
          symbol: 'sol',
          description: {
            en: '<img src=x onerror="window.hacked=1">Hostile <script>window.hacked=2</script><a href="javascript:window.hacked=3">link</a>',
          },
        }),
      },
      'coins/solana',
    )
    site.upstream.behave(
      { kind: 'ok', body: JSON.stringify(fixture('coins-bitcoin-market-chart-7.json')) },
      'coins/solana/market_chart',
    )
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/coins/solana`)
    await waitForCoin(page)
    expect(await page.locator('.coin-about__text').textContent()).toBe('Hostile link')
    expect(
      await page.locator('main img[src="x"], main script, a[href^="javascript"]').count(),
    ).toBe(0)
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined()
    expect(problems).toEqual([])
  })

  it('is the not-found page, with 404, for a coin that does not exist', async () => {
    const { page, context, problems } = await site.open(viewport)
    // From the document's first parse: every heading and skeleton element the page ever holds.
    await context.addInitScript(() => {
      const seen = new Set<Element>()
      ;(window as unknown as { __seen: Set<Element> }).__seen = seen
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('h1, .skeleton')) seen.add(element)
      }).observe(document, { childList: true, subtree: true })
    })
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/market/')) asked.push(request.url())
    })
    const response = await visit(page, `${site.url}/coins/no-such-coin-at-all`)
    expect(response?.status()).toBe(404)
    // The app agrees with the server's page once it has hydrated and has nothing left to do: no
    // skeleton ever drawn over it, no other heading, no request for the coin, no hydration warning.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
    const seen = await page.evaluate(() =>
      [...(window as unknown as { __seen: Set<Element> }).__seen].map(
        (element) =>
          `${element.tagName} ${element.textContent}${element.isConnected ? '' : ' (gone)'}`,
      ),
    )
    expect(seen).toEqual(['H1 Page not found'])
    expect(await page.locator('h1').allTextContents()).toEqual(['Page not found'])
    expect(asked).toEqual([])
    expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([])
  })
})

describe('coin pages offline', () => {
  // Pepe is a sample coin the server never had real figures for (it is on no price list here):
  // a coin on one shows that list's real figures instead (tests/e2e/coin-states.test.ts).
  it('show the sample data for a coin never seen live, labelled as such', async () => {
    site.upstream.behave({ kind: 'status', status: 500 }, 'coins/pepe')
    site.upstream.behave({ kind: 'status', status: 500 }, 'coins/pepe/market_chart')
    const { page, problems } = await site.open(VIEWPORTS[0])
    await visit(page, `${site.url}/coins/pepe`)
    await waitForCoin(page)
    expect(await page.locator('h1').textContent()).toBe('Pepe PEPE')
    // Labelled beside the price, the reason said under the page, no age.
    const badge = page.locator('.coin-page__price .sample-badge')
    expect(await badge.textContent()).toBe('Sample data')
    expect(await badge.isVisible()).toBe(true)
    expect(await page.locator('.coin-page__footer .data-note').textContent()).toBe(
      'Live prices are unavailable',
    )
    await expectNoAxeViolations(page)
    expect(problems).toEqual([])
  })
})

/** The names of the chart's range links marked as the current page. */
const currentRanges = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Chart range' })
    .locator('a[aria-current="page"]')
    .allTextContents()

describe('chart ranges', () => {
  it('are links without JavaScript, exactly one of them current', async () => {
    const { page } = await site.open(VIEWPORTS[0], { javaScriptEnabled: false })
    await page.goto(`${site.url}/coins/bitcoin?range=30d`)
    expect(await page.getByRole('navigation', { name: 'Chart range' }).locator('a').count()).toBe(4)
    expect(await currentRanges(page)).toEqual(['Show 30 d'])
    await page.getByRole('link', { name: 'Show 1 y' }).click()
    await page.waitForURL(`${site.url}/coins/bitcoin?range=1y`)
    expect(await page.locator('.coin-chart__summary').textContent()).toMatch(/^1-year range \$/)
    expect(await currentRanges(page)).toEqual(['Show 1 y'])
  })

  it('mark exactly one range current once the app runs, whichever is shown', async () => {
    const { page, problems } = await site.open(VIEWPORTS[0])
    await visit(page, `${site.url}/coins/bitcoin?range=30d`)
    await waitForCoin(page)
    expect(await currentRanges(page)).toEqual(['Show 30 d'])
    for (const [name, title] of [
      ['Show 24 h', 'Bitcoin price, 24-hour'],
      ['Show 7 d', 'Bitcoin price, 7-day'],
    ] as const) {
      await page.getByRole('link', { name }).click()
      await page.getByRole('img', { name: title }).waitFor()
      expect(await currentRanges(page)).toEqual([name])
    }
    expect(problems).toEqual([])
  })
})

describe('coin pages end with the footer', () => {
  it.each(['/coins/bitcoin?range=30d', '/coins/pepe', '/coins/sui'])(
    '%s: nothing below the footer at 1280×800',
    async (path) => {
      // Pepe and Sui come from the sample data, whose pages have no long description.
      for (const id of ['pepe', 'sui']) {
        site.upstream.behave({ kind: 'status', status: 500 }, `coins/${id}`)
        site.upstream.behave({ kind: 'status', status: 500 }, `coins/${id}/market_chart`)
      }
      const { page } = await site.open({ width: 1280, height: 800 })
      await visit(page, `${site.url}${path}`)
      await waitForCoin(page)
      const below = await page.evaluate(() => {
        const footer = document.querySelector('body footer.footer')
        if (!footer) throw new Error('no footer')
        return (
          document.documentElement.scrollHeight -
          (footer.getBoundingClientRect().bottom + window.scrollY)
        )
      })
      expect(below).toBeCloseTo(0, 0)
    },
  )
})
