import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { sampleCoinDetail, sampleCoinSources } from '../../server/market/sample/coins'
import { marketsIn } from '../../server/market/sample/currencies'
import coinsBitcoin from '../../mocks/fixtures/coins-bitcoin.json'
import coinsMarkets from '../../mocks/fixtures/coins-markets.json'
import global from '../../mocks/fixtures/global.json'
import type { UpstreamCurrency as Currency } from '@contract/currency'
import { formatCompactMoney } from '../../src/features/market/format'
import { formatPrice } from '../../src/lib/format'
import { runAxe, VIEWPORTS, visit } from './support/browser'
import { expectNoShift, recordShifts } from './support/shifts'
import { setUpSite, waitForPrices } from './support/site'

// Switching currencies asks the upstream for each: a budget these tests cannot spend.
// The upstream knows Ethereum's details (in every currency), as the live one does.
const ETHEREUM = sampleCoinSources.get('ethereum')
const ETHEREUM_DETAIL =
  ETHEREUM && sampleCoinDetail(ETHEREUM, Date.parse(coinsMarkets[0]?.last_updated ?? ''))
const site = setUpSite({
  env: (upstream) => {
    upstream.behave({ kind: 'ok', body: JSON.stringify(ETHEREUM_DETAIL) }, 'coins/ethereum')
    return { UPSTREAM_CALLS_PER_MIN: '1000' }
  },
})

/** Bitcoin's price as the list shows it in `currency` (the fake converts at the fixtures' rates). */
const bitcoinPrice = (currency: Currency) =>
  formatPrice(marketsIn(coinsMarkets, currency)[0]?.current_price, currency)
const totalCap = (currency: Currency) =>
  formatCompactMoney(global.data.total_market_cap[currency], currency)

const BITCOIN = coinsBitcoin.market_data
const coinPrice = (page: Page) => page.locator('.coin-page__price-value')
async function coinDrawn(page: Page) {
  await coinPrice(page).waitFor()
  await page.locator('.coin-chart__svg').waitFor()
}

const firstPrice = (page: Page) =>
  page.locator('.market-table[aria-busy="false"] tbody tr').first().locator('.col-price')
const globalCap = (page: Page) =>
  page.locator('.global-bar__item', { hasText: 'Market cap' }).locator('dd')

/**
 * The currency menu, once React has adopted it: its code loads as the list nears the viewport
 * (or the visitor reaches for it), and until then it is the server's inert HTML.
 */
async function currencyMenu(page: Page) {
  await page.waitForFunction(() => {
    const select = document.querySelector('.currency-menu select')
    return !!select && Object.keys(select).some((key) => key.startsWith('__reactProps'))
  })
  return page.getByRole('combobox', { name: 'Currency', exact: true })
}

async function expectNoAxeViolations(page: Page) {
  const violations = await runAxe(page)
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
}

describe.each(VIEWPORTS)('currencies at $name ($width×$height)', (viewport) => {
  it('switches to EUR: € on / and /crypto, after a reload, and on the next visit', async () => {
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    await waitForPrices(page)
    expect(await firstPrice(page).textContent()).toBe(bitcoinPrice('usd'))
    expect(await globalCap(page).textContent()).toContain(totalCap('usd'))

    await (await currencyMenu(page)).selectOption('eur')
    await page.waitForURL(`${site.url}/?currency=eur`)
    await expect.poll(() => firstPrice(page).textContent()).toBe(bitcoinPrice('eur'))
    expect(bitcoinPrice('eur')).toMatch(/^€[\d,]+\.\d\d$/)
    expect(await globalCap(page).textContent()).toContain(totalCap('eur'))
    expect(await page.locator('.prices__subtitle').textContent()).toContain('in euros')
    expect(await page.locator('.market-table caption').textContent()).toContain('in euros')
    await expectNoAxeViolations(page)

    // The server renders the address's currency: the reloaded HTML has euros before any script.
    const reloaded = await page.reload({ waitUntil: 'load' })
    const html = (await reloaded?.text()) ?? ''
    expect(html).toContain(bitcoinPrice('eur'))
    expect(html).toContain(totalCap('eur'))
    expect(html).not.toContain(bitcoinPrice('usd'))
    await waitForPrices(page)
    expect(await firstPrice(page).textContent()).toBe(bitcoinPrice('eur'))

    // Remembered: an address without a currency shows the last one chosen.
    await visit(page, `${site.url}/crypto`)
    await page.waitForURL(`${site.url}/crypto?currency=eur`)
    await waitForPrices(page)
    await expect.poll(() => firstPrice(page).textContent()).toBe(bitcoinPrice('eur'))
    expect(await (await currencyMenu(page)).inputValue()).toBe('eur')
    await expectNoAxeViolations(page)

    // Sorting keeps the currency, and the currency keeps the order.
    await page.getByRole('button', { name: 'Current price' }).click()
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc')
    await (await currencyMenu(page)).selectOption('jpy')
    await page.waitForURL(
      (url) =>
        url.searchParams.get('currency') === 'jpy' && url.searchParams.get('sort') === 'price_desc',
    )
    await expect.poll(() => firstPrice(page).textContent()).toBe(bitcoinPrice('jpy'))
    expect(bitcoinPrice('jpy')).toMatch(/^¥[\d,]+$/)

    // Back to dollars: the default stays out of the address, and is remembered too.
    await (await currencyMenu(page)).selectOption('usd')
    await page.waitForURL(`${site.url}/crypto?sort=price_desc`)
    await expect.poll(() => firstPrice(page).textContent()).toBe(bitcoinPrice('usd'))
    await visit(page, `${site.url}/`)
    await waitForPrices(page)
    expect(page.url()).toBe(`${site.url}/`)
    expect(await firstPrice(page).textContent()).toBe(bitcoinPrice('usd'))
    expect(problems).toEqual([])
  })

  it('a link that names a currency keeps it, and the page and its global bar shift nothing', async () => {
    const { context, page, problems } = await site.open(viewport)
    await recordShifts(context)
    await page.addInitScript(() => window.localStorage.setItem('coinvera-currency', 'eur'))
    const response = await visit(page, `${site.url}/crypto?currency=btc`)
    expect(await response?.text()).toContain(bitcoinPrice('btc'))
    await waitForPrices(page)
    expect(page.url()).toBe(`${site.url}/crypto?currency=btc`)
    expect(await firstPrice(page).textContent()).toBe('₿1')
    expect(await globalCap(page).textContent()).toContain(totalCap('btc'))
    // The upstream gives the market cap's change in dollars only, and the bar says so.
    expect(await page.locator('.global-bar__source').textContent()).toContain('in US dollars')
    await expectNoShift(page, { main: true })
    await expectNoAxeViolations(page)
    expect(problems).toEqual([])
  })

  it('a remembered currency is in the first paint of the next visit, and in the app’s own links', async () => {
    const { page, problems } = await site.open(viewport)
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await page.addInitScript(() => {
      window.localStorage.setItem('coinvera-currency', 'eur')
      // Every price any document of this tab ever holds, from its first parsed row on, kept in
      // the tab's session storage so that a document the browser leaves still reports.
      const record = () => {
        const prices = [...document.querySelectorAll('.market-table tbody .col-price')]
        const texts = prices.map((cell) => cell.textContent ?? '').filter(Boolean)
        if (texts.length === 0) return
        const seen = JSON.parse(sessionStorage.getItem('seen-prices') ?? '[]') as string[]
        sessionStorage.setItem('seen-prices', JSON.stringify([...seen, ...texts]))
      }
      new MutationObserver(record).observe(document, { childList: true, subtree: true })
    })
    await visit(page, `${site.url}/`)
    expect(page.url()).toBe(`${site.url}/?currency=eur`)
    await waitForPrices(page)
    expect(await firstPrice(page).textContent()).toBe(bitcoinPrice('eur'))
    // The address without a currency was left before a row of it was parsed: no dollars, ever.
    expect(documents).toEqual([`${site.url}/`, `${site.url}/?currency=eur`])
    const seen = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('seen-prices') ?? '[]') as string[],
    )
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((price) => !price.startsWith('€'))).toEqual([])

    // The app's links name no currency: the remembered one applies to them too.
    await visit(page, `${site.url}/signup`)
    expect(page.url()).toBe(`${site.url}/signup`)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Coinvera' })
      .click()
    await page.waitForURL(`${site.url}/?currency=eur`)
    await waitForPrices(page)
    expect(await firstPrice(page).textContent()).toBe(bitcoinPrice('eur'))
    expect(problems).toEqual([])
  })

  it('coin pages follow the list’s currency, offer the menu, keep it across ranges and reloads', async () => {
    const { context, page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/crypto?currency=eur`)
    await waitForPrices(page)
    // The list's coin links carry its currency.
    await page.locator('.market-table a.coin-cell[href="/coins/bitcoin?currency=eur"]').click()
    await page.waitForURL(`${site.url}/coins/bitcoin?currency=eur`)
    await coinDrawn(page)
    expect(await coinPrice(page).textContent()).toBe(formatPrice(BITCOIN.current_price.eur, 'eur'))
    expect(await page.locator('.coin-chart__summary').textContent()).toMatch(/^7-day range €/)
    expect(await (await currencyMenu(page)).inputValue()).toBe('eur')
    await expectNoAxeViolations(page)

    // Its own menu: the page, its figures and its chart in pounds; a range keeps them.
    await recordShifts(context)
    await (await currencyMenu(page)).selectOption('gbp')
    await page.waitForURL(`${site.url}/coins/bitcoin?currency=gbp`)
    await expect
      .poll(() => coinPrice(page).textContent())
      .toBe(formatPrice(BITCOIN.current_price.gbp, 'gbp'))
    await expect
      .poll(() => page.locator('.coin-chart__summary').textContent())
      .toMatch(/^7-day range £/)
    await page.getByRole('link', { name: 'Show 30 d' }).click()
    await page.waitForURL(`${site.url}/coins/bitcoin?range=30d&currency=gbp`)
    await expect
      .poll(() => page.locator('.coin-chart__summary').textContent())
      .toMatch(/^30-day range £/)

    // Rendered by the server in pounds, and remembered for an address that names none.
    const reloaded = await page.reload({ waitUntil: 'load' })
    expect(await reloaded?.text()).toContain(formatPrice(BITCOIN.current_price.gbp, 'gbp'))
    await visit(page, `${site.url}/coins/ethereum`)
    expect(page.url()).toBe(`${site.url}/coins/ethereum?currency=gbp`)
    await coinDrawn(page)
    expect(await coinPrice(page).textContent()).toMatch(/^£[\d,]+\.\d\d$/)
    await expectNoAxeViolations(page)
    expect(problems).toEqual([])
  })

  it('a currency chosen before the menu’s code arrives is applied once it does', async () => {
    const { page, problems } = await site.open(viewport)
    // The menu's code (the late-hydrated part's chunk) is held back until the choice is made.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let asked = false
    await page.route(/\/assets\/price-extras-[\w-]+\.js$/, async (route) => {
      asked = true
      await held
      await route.continue()
    })
    await visit(page, `${site.url}/`)
    const select = page.locator('.currency-menu select')
    // The server's HTML, which React has not adopted yet.
    expect(await select.evaluate((element) => Object.keys(element).join())).not.toContain('__react')

    // As assistive technology or a script would: a new value and a change event, no focus.
    await select.evaluate((element: HTMLSelectElement) => {
      element.value = 'eur'
      element.dispatchEvent(new Event('change', { bubbles: true }))
    })
    // The change itself asks for the code, wherever the list is.
    await expect.poll(() => asked).toBe(true)
    expect(page.url()).toBe(`${site.url}/`)
    release()

    await page.waitForURL(`${site.url}/?currency=eur`)
    await waitForPrices(page)
    await expect.poll(() => firstPrice(page).textContent()).toBe(bitcoinPrice('eur'))
    expect(await globalCap(page).textContent()).toContain(totalCap('eur'))
    expect(await (await currencyMenu(page)).inputValue()).toBe('eur')
    expect(problems).toEqual([])
  })

  it('a currency picked as the page appears is the one the page and the address show', async () => {
    const { page, problems } = await site.open(viewport)
    // As a person would, the moment the page is there: scrolled into view, `input` then `change`.
    const picked = new Promise((resolve, reject) => {
      page.once('domcontentloaded', () => {
        const select = page.locator('.currency-menu select')
        select
          .scrollIntoViewIfNeeded()
          .then(() => select.selectOption('gbp'))
          .then(resolve, reject)
      })
    })
    await page.goto(`${site.url}/?currency=eur`, { waitUntil: 'load' })
    // The pick is made (it may finish after the load event).
    await picked
    const menu = await currencyMenu(page)
    expect(await menu.inputValue()).toBe('gbp')
    await page.waitForURL(`${site.url}/?currency=gbp`)
    await waitForPrices(page)
    await expect.poll(() => firstPrice(page).textContent()).toBe(bitcoinPrice('gbp'))
    await expect.poll(() => globalCap(page).textContent()).toContain(totalCap('gbp'))
    expect(await menu.inputValue()).toBe('gbp')
    expect(problems).toEqual([])
  })

  it('on a coin page, a currency chosen before the page’s code arrives is applied once it does', async () => {
    const { page, problems } = await site.open(viewport)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/coins\._coinId-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${site.url}/coins/bitcoin`, { waitUntil: 'load' })
    const select = page.locator('.currency-menu select')
    // The server's HTML, which React has not adopted yet.
    expect(await select.evaluate((element) => Object.keys(element).join())).not.toContain('__react')
    await select.evaluate((element: HTMLSelectElement) => {
      element.value = 'gbp'
      element.dispatchEvent(new Event('change', { bubbles: true }))
    })
    release()
    await page.waitForURL(`${site.url}/coins/bitcoin?currency=gbp`)
    await expect
      .poll(() => coinPrice(page).textContent())
      .toBe(formatPrice(BITCOIN.current_price.gbp, 'gbp'))
    expect(await (await currencyMenu(page)).inputValue()).toBe('gbp')
    expect(problems).toEqual([])
  })

  it('an unknown currency is the default, without an error', async () => {
    const { page, problems } = await site.open(viewport)
    const response = await visit(page, `${site.url}/crypto?currency=doge`)
    expect(response?.status()).toBe(200)
    await waitForPrices(page)
    expect(await firstPrice(page).textContent()).toBe(bitcoinPrice('usd'))
    expect(await (await currencyMenu(page)).inputValue()).toBe('usd')
    expect(problems).toEqual([])
  })
})

describe('the currency menu without JavaScript', () => {
  it('is a form: choosing and sending it shows the list in that currency', async () => {
    const { page } = await site.open(VIEWPORTS[0], { javaScriptEnabled: false })
    await page.goto(`${site.url}/crypto`)
    await page.getByRole('combobox', { name: 'Currency', exact: true }).selectOption('gbp')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(`${site.url}/crypto?currency=gbp`)
    expect(await firstPrice(page).textContent()).toBe(bitcoinPrice('gbp'))
  })

  it('on a coin page, keeps the chart’s range', async () => {
    const { page } = await site.open(VIEWPORTS[1], { javaScriptEnabled: false })
    await page.goto(`${site.url}/coins/bitcoin?range=30d`)
    await page.getByRole('combobox', { name: 'Currency', exact: true }).selectOption('jpy')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(`${site.url}/coins/bitcoin?range=30d&currency=jpy`)
    expect(await coinPrice(page).textContent()).toBe(formatPrice(BITCOIN.current_price.jpy, 'jpy'))
    expect(await page.locator('.coin-chart__summary').textContent()).toMatch(/^30-day range ¥/)
  })
})

describe('the bitcoin sign', () => {
  /** The site's fonts a page fetched, and the fonts drawing each element that shows ₿. */
  async function fonts(path: string) {
    const { page } = await site.open(VIEWPORTS[0])
    const fetched: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fetched.push(new URL(request.url()).pathname)
    })
    await visit(page, `${site.url}${path}`)
    await waitForPrices(page)
    await page.evaluate(() => document.fonts.ready)
    const shown = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      let count = 0
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.includes('₿') || !node.parentElement?.checkVisibility()) continue
        node.parentElement.setAttribute('data-bitcoin-sign', String(count++))
      }
      return count
    })
    // What Chromium actually drew each one with (DevTools' "Rendered fonts").
    const cdp = await page.context().newCDPSession(page)
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 })
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: '[data-bitcoin-sign]',
    })
    await cdp.send('CSS.enable')
    const drawnWith: string[][] = []
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
      drawnWith.push(fonts.map((font) => font.familyName))
    }
    // What asked for each font: its preload in the head ('link'), or a laid-out price ('css').
    const askedBy = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/fonts/'))
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    )
    return { fetched, shown, drawnWith, askedBy }
  }

  it('is drawn with our one-glyph font wherever a page shows it (no font here has ₿)', async () => {
    const { fetched, shown, drawnWith, askedBy } = await fonts('/crypto?currency=btc')
    // The prices' weight's face (the other is for bold text, when a page has ₿ in bold).
    expect(fetched).toEqual(['/fonts/bitcoin-sign-400.otf'])
    // Asked for by the head, before the first price is laid out: its arrival shifts nothing.
    expect(askedBy).toEqual(['link'])
    expect(shown).toBeGreaterThan(12)
    expect(drawnWith.filter((families) => !families.includes('Coinvera Bitcoin Sign'))).toEqual([])
  })

  it('is not fetched by a page without it', async () => {
    expect(await fonts('/crypto')).toEqual({ fetched: [], shown: 0, drawnWith: [], askedBy: [] })
  })
})
