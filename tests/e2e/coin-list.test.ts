import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  type PageProblems,
  runAxe,
  VIEWPORTS,
  visit,
  waitForHeaderAdopted,
} from './support/browser'
import { setUpSite, waitForPrices } from './support/site'

// The full list (`/coins`) in Chromium, served by the real server from the fake CoinGecko's list
// (tests/support/fake-market-list.ts: 250 coins, "Test Coin <rank>" between the sample coins).

async function expectNoAxeViolations(page: Page) {
  const violations = await runAxe(page)
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** Waits for a page of the list's rows. */
const waitForList = (page: Page) => page.locator('.coin-list tbody tr').first().waitFor()

/** Whether every figure cell shows its whole text (nothing cut by its cell). */
const figuresWhole = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.coin-list td')]
      .filter((cell) => (cell as HTMLElement).offsetParent !== null)
      .every((cell) => cell.scrollWidth <= cell.clientWidth + 1),
  )

// A visitor's misses are refused past the budget's limits: the answer is the state shown.
const budgetNoise = (problems: PageProblems) =>
  problems.filter((line) => !/status of 429/.test(line))

describe('the full list', () => {
  // Each test asks for new pages and coins: a budget for a test run, not the keyless default.
  const site = setUpSite({
    env: () => ({ UPSTREAM_CALLS_PER_MIN: '1000', COIN_MISS_RATE_LIMIT: '1000' }),
  })

  describe.each(VIEWPORTS)('at $name ($width×$height)', (viewport) => {
    it('has its columns at their final widths from the first rows, before the rest are parsed', async () => {
      // The browser may paint a table before its last rows are parsed; columns sized by the rows
      // parsed so far then widened as the rest arrived (3-digit ranks, longer prices).
      const { page } = await site.open(viewport, { javaScriptEnabled: false })
      await page.goto(`${site.url}/coins`)
      const widths = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('.coin-list tbody tr:first-child > *')].map(
            (cell) => cell.getBoundingClientRect().width,
          ),
        )
      const whole = await widths()
      await page.evaluate(() => {
        for (const row of [...document.querySelectorAll('.coin-list tbody tr')].slice(9)) {
          row.remove()
        }
      })
      expect(await widths()).toEqual(whole)
      // The row that sizes them takes no room, and nobody meets it: 1 header row and 9 rows.
      const sizer = page.locator('.data-table__sizer')
      expect((await sizer.boundingBox())?.height ?? 0).toBe(0)
      expect(await page.getByRole('row').count()).toBe(10)
    })

    it('hydrates its rows when the visitor reaches for them, and a first press still works', async () => {
      const { page, problems } = await site.open(viewport)
      await visit(page, `${site.url}/coins`)
      const rowHydrated = (index: number) =>
        page.evaluate(
          (i) =>
            Object.keys(document.querySelectorAll('.coin-list tbody tr')[i] ?? {}).some((key) =>
              key.startsWith('__reactFiber'),
            ),
          index,
        )
      // Loaded and idle, nobody has touched the page: the rows are still the server's.
      expect(await rowHydrated(0)).toBe(false)
      // The first press is on a star: it is the script's toggle, not the sign-in form it was.
      const star = page.locator('.coin-list tbody tr').first().locator('button.watch-star')
      await star.click()
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true')
      expect(new URL(page.url()).pathname).toBe('/coins')
      expect(await rowHydrated(0)).toBe(true)
      // A coin's link is followed in the app, not by a new page.
      await page.evaluate(() => {
        ;(window as unknown as { sameDocument: boolean }).sameDocument = true
      })
      await page.locator('.coin-list tbody tr').nth(1).getByRole('link').click()
      await page.waitForURL(/\/coins\/[a-z0-9-]+$/)
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      )
      expect(budgetNoise(problems)).toEqual([])
    })

    it('applies an order from the address and stars kept by this browser, untouched', async () => {
      const { page, problems } = await site.open(viewport)
      await visit(page, `${site.url}/`)
      // A star kept by this browser: shown on the rows without anything touched.
      await page.evaluate(() =>
        localStorage.setItem('coinvera-watchlist', JSON.stringify({ coins: ['ethereum'] })),
      )
      await page.goto(`${site.url}/coins`)
      await expect
        .poll(() => page.getByRole('button', { name: /Ethereum/, pressed: true }).count())
        .toBe(1)
      // No star kept; the address's order applies after hydration, to rows not yet hydrated.
      await page.evaluate(() => localStorage.removeItem('coinvera-watchlist'))
      await page.goto(`${site.url}/coins?sort=price_asc`)
      const prices = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('.coin-list tbody tr td:nth-child(4)')].map((cell) =>
            Number((cell.textContent ?? '').replace(/[^0-9.]/g, '')),
          ),
        )
      await expect
        .poll(async () =>
          (await prices()).every((price, i, all) => i === 0 || price >= (all[i - 1] ?? 0)),
        )
        .toBe(true)
      expect((await prices()).length).toBe(100)
      expect(budgetNoise(problems)).toEqual([])
    })

    it('/ → All coins → page 2 → a coin, its price at once → back', async () => {
      const { page, problems } = await site.open(viewport)
      await visit(page, `${site.url}/`)
      await waitForPrices(page)
      await page.getByRole('main').getByRole('link', { name: 'All coins' }).click()
      await page.waitForURL(`${site.url}/coins`)
      await waitForList(page)
      expect(await page.locator('.coin-list tbody tr').count()).toBe(100)
      expect(await noOverflow(page)).toBe(true)
      expect(await figuresWhole(page)).toBe(true)
      await expectNoAxeViolations(page)

      await page.locator('a[rel="next"]').click()
      await page.waitForURL(`${site.url}/coins?page=2`)
      // One coin per viewport: the server keeps what the other viewport's visit fetched.
      const rank = viewport.phone ? 151 : 150
      const row = page.locator('tr', { has: page.locator(`a[href="/coins/test-coin-${rank}"]`) })
      await row.waitFor()
      // The price is the cell after the coin's name (the row leads with its star).
      const price = await row.locator('th + td').textContent()
      expect(price).toMatch(/^\$[\d,.]+$/)
      // The coin's own details and chart are held back until the page has been checked.
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      for (const path of [`coins/test-coin-${rank}`, `coins/test-coin-${rank}/market_chart`]) {
        site.upstream.behave({ kind: 'ok', until: held }, path)
      }
      await row.locator('a.coin-cell').click()
      await page.waitForURL(`${site.url}/coins/test-coin-${rank}`)
      // The row's figures and name, while the coin's own data cannot have arrived.
      expect(await page.locator('.coin-page__price-value').textContent()).toBe(price)
      expect(await page.title()).toBe(`Test Coin ${rank} (TC${rank}) price — Coinvera`)
      expect(await page.getByText('Loading the description…').count()).toBe(1)
      release()
      await page.locator('.coin-chart__svg').waitFor()
      await page.locator('.coin-about__text').waitFor()
      expect(await noOverflow(page)).toBe(true)
      await expectNoAxeViolations(page)

      await page.goBack()
      await page.waitForURL(`${site.url}/coins?page=2`)
      await row.waitFor()
      expect(problems).toEqual([])
    })

    it('shows the list in euros, from the address and from the menu', async () => {
      const { page, problems } = await site.open(viewport)
      await visit(page, `${site.url}/coins?currency=eur`)
      await waitForList(page)
      expect(await page.locator('.prices__subtitle').textContent()).toContain('in euros')
      expect(await page.locator('.coin-list tbody tr th + td').first().textContent()).toMatch(/^€/)
      await page.getByLabel('Currency').selectOption('gbp')
      await page.waitForURL(`${site.url}/coins?currency=gbp`)
      await page.waitForFunction(() =>
        document.querySelector('.coin-list tbody th + td')?.textContent?.startsWith('£'),
      )
      expect(await noOverflow(page)).toBe(true)
      expect(problems).toEqual([])
    })

    it(`shows ${viewport.phone ? 'rank, coin, price and 24 h only' : 'every column'}, nothing cut`, async () => {
      const { page } = await site.open(viewport)
      await visit(page, `${site.url}/coins?currency=btc`)
      await waitForList(page)
      const headers = await page
        .locator('.coin-list thead th')
        .evaluateAll((cells) =>
          cells
            .filter((cell) => (cell as HTMLElement).offsetParent !== null)
            .map((c) => c.textContent),
        )
      expect(headers).toEqual(
        viewport.phone
          ? ['Actions', '#', 'Coin', 'Price', '24 h']
          : [
              'Actions',
              '#',
              'Coin',
              'Price',
              '1 h',
              '24 h',
              '7 d',
              '24 h volume',
              'Market cap',
              'Last 7 days',
            ],
      )
      // Each row leads with its coin's watchlist star.
      const rows = await page.locator('.coin-list tbody tr').count()
      const stars = page.locator('.coin-list tbody td.coin-list__action .watch-star')
      expect(await stars.count()).toBe(rows)
      expect(await noOverflow(page)).toBe(true)
      expect(await figuresWhole(page)).toBe(true)
    })
    it('sorts the page by a header, in the address; a sorted address opens sorted', async () => {
      const { page, problems } = await site.open(viewport)
      await visit(page, `${site.url}/coins?page=2`)
      await waitForList(page)
      const ranks = () =>
        page
          .locator('.coin-list tbody td.coin-list__rank')
          .evaluateAll((cells) => cells.map((cell) => Number(cell.textContent)))
      const before = await ranks()
      expect(before).toEqual([...before].sort((a, b) => a - b))
      const price = page.getByRole('columnheader', { name: 'Price' })
      await price.getByRole('button').click()
      await page.waitForURL(`${site.url}/coins?page=2&sort=price_desc`)
      expect(await price.getAttribute('aria-sort')).toBe('descending')
      // The same hundred rows (within the page), now by price, the largest first.
      const prices = () =>
        page
          .locator('.coin-list tbody tr')
          .evaluateAll((rows) =>
            rows.map((row) => Number(row.children[3]?.textContent?.replace(/[^\d.]/g, ''))),
          )
      await expect.poll(prices).toEqual([...(await prices())].sort((a, b) => b - a))
      expect([...(await ranks())].sort((a, b) => a - b)).toEqual(before)

      await visit(page, `${site.url}/coins?sort=name_asc`)
      await waitForList(page)
      const names = () =>
        page
          .locator('.coin-list tbody .coin-cell__name')
          .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''))
      await expect
        .poll(names)
        .toEqual([...(await names())].sort((a, b) => a.localeCompare(b, 'en')))
      expect(await page.getByRole('columnheader', { name: 'Coin' }).getAttribute('aria-sort')).toBe(
        'ascending',
      )
      await expectNoAxeViolations(page)
      expect(budgetNoise(problems)).toEqual([])
    })
  })

  it('a currency picked on a slow phone while the page hydrates is the one shown', async () => {
    const { page, context, problems } = await site.open(VIEWPORTS[1])
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(`${site.url}/coins?currency=eur`, { waitUntil: 'load' })
    // The header is adopted first; the list, 100 rows further down, is still being hydrated
    // (before src/boot/early-choices.ts, 7 picks of 8 made now were undone).
    await waitForHeaderAdopted(page)
    await page.getByLabel('Currency').selectOption('gbp')
    await page.waitForURL(`${site.url}/coins?currency=gbp`)
    await page.waitForFunction(() =>
      document.querySelector('.coin-list tbody th + td')?.textContent?.startsWith('£'),
    )
    expect(await page.getByLabel('Currency').inputValue()).toBe('gbp')
    expect(problems).toEqual([])
  })
})

describe('the full list offline', () => {
  // CoinGecko drops every connection: the first page is the sample, deeper pages have nothing.
  const site = setUpSite({ upstream: { kind: 'reset' } })

  it.each(VIEWPORTS)(
    'labels the sample first page, and says page 2 is not available ($name)',
    async (viewport) => {
      const { page, problems } = await site.open(viewport)
      const first = await visit(page, `${site.url}/coins`)
      expect(first?.status()).toBe(200)
      expect(await page.locator('h1 .sample-badge').textContent()).toBe('Sample data')
      const rows = await page.locator('.coin-list tbody tr').count()
      expect(rows).toBeGreaterThan(6)
      // It says which rows it has, not "Coins 1–100".
      expect(await page.locator('.prices__subtitle').textContent()).toBe(
        `The ${rows} coins of our sample data, by market cap, in US dollars.`,
      )
      // Names whole on a wide screen; on a phone the symbol, which stands for the name, whole.
      const cut = await page.evaluate((phone) => {
        const region = document.querySelector('.coin-list__card')?.getBoundingClientRect()
        const texts = [
          ...document.querySelectorAll(
            phone ? '.coin-list .coin-cell__symbol' : '.coin-list .coin-cell__text > *',
          ),
        ]
        return texts
          .filter(
            (text) =>
              text.scrollWidth > text.clientWidth + 1 ||
              text.getBoundingClientRect().right > (region?.right ?? 0) + 1,
          )
          .map((text) => text.textContent)
      }, viewport.phone)
      expect(cut).toEqual([])
      await expectNoAxeViolations(page)

      const second = await visit(page, `${site.url}/coins?page=2`)
      expect(second?.status()).toBe(503)
      const alert = page.getByRole('alert')
      expect(await alert.textContent()).toContain('Page 2 of the list is not available offline')
      // And it leads to the page that exists.
      const back = page.getByRole('link', { name: 'See the first page of the list' })
      expect(await back.getAttribute('href')).toBe('/coins')
      expect(await page.locator('.skeleton').count()).toBe(0)
      expect(await noOverflow(page)).toBe(true)
      await expectNoAxeViolations(page)
      // The page's own 503 is the one failed load.
      expect(problems.filter((line) => !/status of 503/.test(line))).toEqual([])
    },
  )
})

describe('ten coins in a minute with the default budget', () => {
  // The keyless default: 10 upstream calls a minute, 3 of them for one visitor's misses.
  const site = setUpSite()

  it('shows every price and key figure; what the budget refuses counts down', async () => {
    const { page, problems } = await site.open(VIEWPORTS[0])
    await visit(page, `${site.url}/coins`)
    await waitForList(page)
    const ids = await page
      .locator('.coin-list tbody a.coin-cell')
      .evaluateAll((links) => links.slice(0, 10).map((link) => link.getAttribute('href')))
    for (const href of ids) {
      await page.locator(`.coin-list a.coin-cell[href="${href}"]`).click()
      await page.waitForURL(`${site.url}${href}`)
      expect(await page.locator('.coin-page__price-value').textContent()).toMatch(/\d/)
      const cap = page.locator('.coin-figures__item', { hasText: 'Market cap' }).locator('dd')
      expect(await cap.textContent()).toMatch(/\d/)
      await page.goBack()
      await waitForList(page)
    }
    // The last coins' charts and descriptions were past the visitor's share: a countdown, no
    // skeleton. The description's note may come a moment before the chart's: wait for the chart's.
    await page.locator(`.coin-list a.coin-cell[href="${ids.at(-1)}"]`).click()
    const chart = page.locator('.coin-chart')
    await chart.getByText(/Chart unavailable right now — try again in \d+\u00a0s/).waitFor()
    expect(await chart.locator('.skeleton').count()).toBe(0)
    expect(budgetNoise(problems)).toEqual([])
  })
})
