import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import coinsMarkets from '../../mocks/fixtures/coins-markets.json'
import { MARKETS_PARAMS } from '@contract/market'
import { runAxe, VIEWPORTS, visit } from './support/browser'
import { setUpSite, waitForPrices } from './support/site'

// A 1 s server cache, so a changed upstream answer reaches the browser's next refresh, and an
// upstream budget these refreshes cannot spend (10 a minute would run out by the phone's tests).
const site = setUpSite({ env: () => ({ MARKETS_TTL_S: '1', UPSTREAM_CALLS_PER_MIN: '1000' }) })

const MINUTE = 60_000

/** The coins of the price list, top to bottom, by their links. */
const shownOrder = (page: Page) =>
  page
    .locator('.market-table tbody a.coin-cell')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')?.replace('/coins/', '')))

/** Each column header's aria-sort, by its name. */
const ariaSorts = (page: Page) =>
  page
    .locator('.market-table thead th')
    .evaluateAll((headers) =>
      headers.map((header) => header.getAttribute('aria-sort') ?? 'missing'),
    )

const byChange = (desc: boolean) =>
  [...coinsMarkets]
    .sort((a, b) =>
      desc
        ? b.price_change_percentage_24h - a.price_change_percentage_24h
        : a.price_change_percentage_24h - b.price_change_percentage_24h,
    )
    .map((coin) => coin.id)

async function expectNoAxeViolations(page: Page) {
  const violations = await runAxe(page)
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
}

describe.each(VIEWPORTS)('the live price list at $name ($width×$height)', (viewport) => {
  it('sorts by 24 h change with the keyboard, keeping the order in the address', async () => {
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    expect(await shownOrder(page)).toEqual(coinsMarkets.map((coin) => coin.id))
    expect(new Set(await ariaSorts(page))).toEqual(new Set(['none']))

    const change = page.getByRole('button', { name: '24hrs %' })
    await change.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${site.url}/crypto?sort=change_desc`)
    await expect.poll(() => shownOrder(page)).toEqual(byChange(true))
    const header = page.getByRole('columnheader', { name: '24hrs %' })
    expect(await header.getAttribute('aria-sort')).toBe('descending')
    // Phones show five of the seven columns (the table's column visibility).
    expect((await ariaSorts(page)).filter((sort) => sort === 'none')).toHaveLength(
      viewport.phone ? 4 : 6,
    )
    // The focus stays on the button, so the next key press sorts the other way.
    await page.keyboard.press(' ')
    await page.waitForURL(`${site.url}/crypto?sort=change_asc`)
    await expect.poll(() => shownOrder(page)).toEqual(byChange(false))
    expect(await header.getAttribute('aria-sort')).toBe('ascending')
    // Rows keep their links to the coins' pages; the phone's hidden columns stay hidden.
    expect(await page.locator('.market-table tbody a.coin-cell').count()).toBe(6)
    expect(await page.locator('.market-table .col-volume').first().isVisible()).toBe(
      !viewport.phone,
    )
    await expectNoAxeViolations(page)

    // A sorted address opens sorted: the server's default order hydrates, then the sort applies.
    await visit(page, `${site.url}/?sort=change_desc`)
    await waitForPrices(page)
    await expect.poll(() => shownOrder(page)).toEqual(byChange(true))
    expect(await header.getAttribute('aria-sort')).toBe('descending')
    expect(problems).toEqual([])
  })

  it('flashes a price a refresh changed, up green and down red, and says how old it is', async () => {
    const { page, problems } = await site.open(viewport)
    const { bitcoin, ethereum } = await openWithClock(page)
    const flashes = await watchFlashes(page)
    await changePrices({ bitcoin: bitcoin + 250, ethereum: ethereum - 20 })
    // The list refreshes each minute while the page is visible.
    await page.clock.fastForward(MINUTE)
    await expect
      .poll(() => flashes(), { timeout: 5000 })
      .toEqual([
        { className: 'flash flash--up', text: formatUsd(bitcoin + 250) },
        { className: 'flash flash--down', text: formatUsd(ethereum - 20) },
      ])
    expect(await page.locator('.updated-ago').textContent()).toMatch(/^Updated /)
    // The class goes after about a second.
    await page.clock.fastForward(1100)
    await expect.poll(() => page.locator('.market-table .flash').count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('brings the newest prices at the first refresh after they changed, not one interval late', async () => {
    // Every upstream answer has a new bitcoin price, above whatever the server serves now (an
    // earlier test may have raised it).
    const now = (await currentMarkets()).find((coin) => coin.id === 'bitcoin')?.current_price ?? 0
    let rises = 0
    site.upstream.behave(
      {
        kind: 'ok',
        body: () =>
          JSON.stringify(
            coinsMarkets.map((coin) =>
              coin.id === 'bitcoin' ? { ...coin, current_price: now + ++rises } : coin,
            ),
          ),
      },
      'coins/markets',
    )
    try {
      const { page, problems } = await site.open(viewport)
      await page.clock.install()
      await visit(page, `${site.url}/`)
      await waitForPrices(page)
      const shown = await page
        .locator('.market-table tbody tr', { has: page.locator('a[href="/coins/bitcoin"]') })
        .locator('.col-price')
      const before = await shown.textContent()
      const flashes = await watchFlashes(page)
      // The server's copy expires a second after its last upstream call (MARKETS_TTL_S=1).
      const lastCall = site.upstream.callsTo('coins/markets').at(-1)?.at ?? 0
      await expect.poll(() => Date.now() - lastCall, { timeout: 5000 }).toBeGreaterThan(1100)
      await page.clock.fastForward(MINUTE)
      // The minute's refetch shows a price the upstream gave after the page loaded, and flashes it.
      await expect.poll(() => shown.textContent(), { timeout: 5000 }).not.toBe(before)
      const after = await shown.textContent()
      expect(await flashes()).toContainEqual({ className: 'flash flash--up', text: after })
      expect(problems).toEqual([])
    } finally {
      site.upstream.behave({ kind: 'ok' }, 'coins/markets')
    }
  })

  it('does not flash for a visitor who asked for reduced motion', async () => {
    const { page, problems } = await site.open(viewport, { reducedMotion: 'reduce' })
    const { bitcoin } = await openWithClock(page)
    const flashes = await watchFlashes(page)
    await changePrices({ bitcoin: bitcoin + 250 })
    await page.clock.fastForward(MINUTE)
    const row = page.locator('.market-table tbody tr', {
      has: page.locator('a[href="/coins/bitcoin"]'),
    })
    await expect
      .poll(() => row.locator('.col-price').textContent(), { timeout: 5000 })
      .toBe(formatUsd(bitcoin + 250))
    expect(await flashes()).toEqual([])
    expect(problems).toEqual([])
  })

  it('does not refresh in a hidden tab, and refreshes at once on coming back', async () => {
    const { page, context, problems } = await site.open(viewport)
    // Counted in the page, where the app calls fetch: nothing in between can hold a request back.
    await context.addInitScript(() => {
      const counted = { markets: 0 }
      ;(window as unknown as { __fetched: typeof counted }).__fetched = counted
      const fetch = window.fetch.bind(window)
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input)
        if (url.includes('/api/market/coins/markets')) counted.markets++
        return fetch(input, init)
      }
    })
    const fetched = () =>
      page.evaluate(
        () => (window as unknown as { __fetched: { markets: number } }).__fetched.markets,
      )
    await openWithClock(page)
    const before = await fetched()
    await setVisibility(page, 'hidden')
    // Two minutes: the refresh timer's turn comes twice over, and it runs its callbacks now.
    await page.clock.fastForward(2 * MINUTE)
    // One task later (the fake clock still runs with real time) whatever those started has called
    // fetch: Query schedules its work with setTimeout(0).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(await fetched()).toBe(before)
    await setVisibility(page, 'visible')
    await expect.poll(fetched, { timeout: 5000 }).toBe(before + 1)
    expect(problems).toEqual([])
  })
})

/** `$97,662.00`, as the list shows a price of this size. */
const formatUsd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/**
 * Opens /crypto with the page's clock under the test's hand (time still runs), and returns the
 * prices it shows for the coins the tests change.
 */
async function openWithClock(page: Page) {
  await page.clock.install()
  await visit(page, `${site.url}/crypto`)
  await waitForPrices(page)
  const current = await currentMarkets()
  const price = (id: string) => current.find((coin) => coin.id === id)?.current_price ?? 0
  return { bitcoin: price('bitcoin'), ethereum: price('ethereum') }
}

/** What the server's API answers for the price list now. */
async function currentMarkets(): Promise<typeof coinsMarkets> {
  const query = new URLSearchParams(
    Object.entries(MARKETS_PARAMS).map(([key, value]) => [key, String(value)]),
  )
  const response = await fetch(`${site.url}/api/market/coins/markets?${query}`)
  return response.json()
}

/** The upstream answers with these prices from now on; resolves once the server serves them. */
async function changePrices(prices: Record<string, number>) {
  const before = await currentMarkets()
  // Priced just now, as a live upstream's rows are.
  const pricedAt = new Date().toISOString()
  const body = before.map((coin) =>
    coin.id in prices
      ? { ...coin, current_price: prices[coin.id], last_updated: pricedAt }
      : { ...coin, last_updated: pricedAt },
  )
  site.upstream.behave({ kind: 'ok', body: JSON.stringify(body) }, 'coins/markets')
  const served = async () =>
    (await currentMarkets()).every(
      (coin) => !(coin.id in prices) || coin.current_price === prices[coin.id],
    )
  await expect.poll(served, { timeout: 10_000 }).toBe(true)
}

/** Records every price element that appears with a flash class, from now on. */
async function watchFlashes(page: Page) {
  await page.evaluate(() => {
    const seen: { className: string; text: string }[] = []
    ;(window as unknown as { __flashes: typeof seen }).__flashes = seen
    const tbody = document.querySelector('.market-table tbody')
    if (!tbody) throw new Error('no price list')
    const record = (element: Element) => {
      if (element.classList.contains('flash')) {
        seen.push({ className: element.className, text: element.textContent ?? '' })
      }
    }
    new MutationObserver((records) => {
      for (const change of records) {
        if (change.type === 'attributes' && change.target instanceof Element) record(change.target)
        for (const node of change.addedNodes) if (node instanceof Element) record(node)
      }
    }).observe(tbody, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    })
  })
  return () => page.evaluate(() => (window as unknown as { __flashes: unknown[] }).__flashes)
}

/** What the page's document says about being seen, as a tab switch would set it. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    })
    Object.defineProperty(document, 'hidden', {
      configurable: true,
      get: () => visibility === 'hidden',
    })
    // As a browser does: at the document, bubbling to the window (where Query listens).
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  }, state)
}
