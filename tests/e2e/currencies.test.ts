import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import coinsBitcoin from '../../mocks/fixtures/coins-bitcoin.json'
import coinsMarkets from '../../mocks/fixtures/coins-markets.json'
import exchangeRates from '../../mocks/fixtures/exchange-rates.json'
import { marketsIn } from '../../server/market/sample/currencies'
import { formatPrice } from '../../src/lib/format'
import { runAxe, VIEWPORTS } from './support/browser'
import { setUpSite, waitForPrices } from './support/site'

const site = setUpSite()

// The fake upstream serves the rates fixture: the server converts the dollar list at its rate.
const rates: Record<string, { value: number }> = exchangeRates.rates
const rateOf = (currency: string) => (rates[currency]?.value ?? 0) / (rates.usd?.value ?? 1)
/** Bitcoin's price as the list shows it in `currency`, converted from its dollar price. */
const bitcoinPrice = (currency: 'inr' | 'krw') =>
  formatPrice((marketsIn(coinsMarkets, 'usd')[0]?.current_price ?? 0) * rateOf(currency), currency)

const firstPrice = (page: Page) =>
  page.locator('.market-table[aria-busy="false"] tbody tr').first().locator('.col-price')
const note = (page: Page) => page.locator('.prices .converted-note')
const menu = (page: Page) => page.getByRole('combobox', { name: 'Currency', exact: true })

/** The menu, once React has adopted it (its code loads as the list nears the viewport). */
async function adoptedMenu(page: Page) {
  await page.waitForFunction(() => {
    const select = document.querySelector('.currency-menu select')
    return !!select && Object.keys(select).some((key) => key.startsWith('__reactProps'))
  })
  return menu(page)
}

/** The upstream calls in a currency the server converts: there must be none. */
const convertedCalls = () =>
  site.upstream.calls.filter((call) => {
    const currency = new URLSearchParams(call.query).get('vs_currency')
    return currency !== null && !['usd', 'eur', 'gbp', 'jpy', 'btc', 'eth'].includes(currency)
  })

async function expectNoAxeViolations(page: Page) {
  const violations = await runAxe(page)
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
}

describe.each(VIEWPORTS)('a price list in rupees at $name ($width×$height)', (viewport) => {
  it('with JavaScript: rendered in INR with how it was converted, and the menu switches to won', async () => {
    const { page, problems } = await site.open(viewport)
    const answer = await page.goto(`${site.url}/crypto?currency=inr`, { waitUntil: 'load' })
    // The server's HTML has the rupee prices and the note before any script runs.
    const html = (await answer?.text()) ?? ''
    expect(html).toContain(bitcoinPrice('inr'))
    expect(html).toContain('Converted from USD at 1 USD = 83.21 INR')
    await waitForPrices(page)
    expect(await firstPrice(page).textContent()).toBe(bitcoinPrice('inr'))
    expect(bitcoinPrice('inr')).toMatch(/^₹[\d,]+\.\d\d$/)
    expect(await page.locator('.prices__subtitle').textContent()).toContain('in Indian rupees')
    await expect
      .poll(() => note(page).textContent())
      .toMatch(/^Converted from USD at 1 USD = 83\.21 INR, (just now|\d+\u00a0min ago)\./)
    expect(await (await adoptedMenu(page)).inputValue()).toBe('inr')
    await expectNoAxeViolations(page)

    // The common currencies first, then every other one.
    const groups = await page
      .locator('.currency-menu select optgroup')
      .evaluateAll((list) => list.map((group) => group.getAttribute('label')))
    expect(groups).toEqual(['Common', 'All currencies'])
    expect(await page.locator('.currency-menu option').count()).toBeGreaterThan(40)

    await (await adoptedMenu(page)).selectOption('krw')
    await page.waitForURL(`${site.url}/crypto?currency=krw`)
    await expect.poll(() => firstPrice(page).textContent()).toBe(bitcoinPrice('krw'))
    // Won have no decimals.
    expect(bitcoinPrice('krw')).toMatch(/^₩[\d,]+$/)
    await expect.poll(() => note(page).textContent()).toContain('KRW')
    await expectNoAxeViolations(page)

    // Dollars again: nothing converted, no note.
    await (await adoptedMenu(page)).selectOption('usd')
    await page.waitForURL(`${site.url}/crypto`)
    await expect.poll(() => note(page).count()).toBe(0)
    expect(convertedCalls()).toEqual([])
    expect(problems).toEqual([])
  })

  it('without JavaScript: the menu is a form that shows the list in rupees', async () => {
    const { page } = await site.open(viewport, { javaScriptEnabled: false })
    await page.goto(`${site.url}/crypto`)
    await menu(page).selectOption('inr')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(`${site.url}/crypto?currency=inr`)
    expect(await firstPrice(page).textContent()).toBe(bitcoinPrice('inr'))
    expect(await note(page).textContent()).toMatch(
      /^Converted from USD at 1 USD = 83\.21 INR, the rate of \d\d:\d\d UTC\./,
    )
    expect(convertedCalls()).toEqual([])

    // axe runs in the page, which a context without JavaScript refuses: the same HTML, its
    // scripts never loaded, in a context that lets axe run.
    const checked = await site.open(viewport)
    await checked.page.route('**/*.js', (route) => route.abort())
    await checked.page.goto(`${site.url}/crypto?currency=inr`)
    expect(await firstPrice(checked.page).textContent()).toBe(bitcoinPrice('inr'))
    await expectNoAxeViolations(checked.page)
  })
})

describe('the full list and a coin page in rupees, without JavaScript', () => {
  it('are rendered by the server in INR, each saying how it was converted', async () => {
    const { page } = await site.open(VIEWPORTS[0], { javaScriptEnabled: false })
    await page.goto(`${site.url}/coins?currency=inr`)
    const bitcoinRow = page.locator('.coin-list tbody tr', {
      has: page.locator('a[href^="/coins/bitcoin?"]'),
    })
    expect(await bitcoinRow.locator('th + td').textContent()).toBe(bitcoinPrice('inr'))
    expect(await page.locator('.converted-note').textContent()).toContain('1 USD = 83.21 INR')

    await page.goto(`${site.url}/coins/bitcoin?currency=inr`)
    const inr = coinsBitcoin.market_data.current_price.usd * rateOf('inr')
    expect(await page.locator('.coin-page__price-value').textContent()).toBe(
      formatPrice(inr, 'inr'),
    )
    expect(await page.locator('.coin-page .converted-note').textContent()).toContain(
      '1 USD = 83.21 INR',
    )
    expect(convertedCalls()).toEqual([])
  })
})
