import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runAxe, VIEWPORTS, visit } from './support/browser'
import { setUpSite } from './support/site'

const site = setUpSite({
  env: () => ({ UPSTREAM_CALLS_PER_MIN: '1000', COIN_MISS_RATE_LIMIT: '1000' }),
})

const amount = (page: Page) => page.getByLabel('Amount in BTC')
const value = (page: Page, code: string) => page.getByLabel(`Value in ${code}`)

describe.each(VIEWPORTS)('the coin page converter at $name ($width×$height)', (viewport) => {
  it('converts both ways as the visitor types, with no axe violations', async () => {
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/coins/bitcoin`)
    await page.locator('.coin-page__price-value').waitFor()
    // The sample's price, $97,412.00: one coin is worth it.
    expect(await amount(page).inputValue()).toBe('1')
    expect(await value(page, 'USD').inputValue()).toBe('97412.00')
    await amount(page).fill('0.25')
    await expect.poll(() => value(page, 'USD').inputValue()).toBe('24353.00')
    await value(page, 'USD').fill('48706')
    await expect.poll(() => amount(page).inputValue()).toBe('0.5')
    // Both fields are whole on a phone: neither runs past the page's edge.
    for (const field of [amount(page), value(page, 'USD')]) {
      const box = await field.boundingBox()
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width)
    }
    expect(await runAxe(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('keeps a typed amount when the currency changes, and converts it again', async () => {
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/coins/bitcoin`)
    await page.locator('.coin-page__price-value').waitFor()
    await amount(page).fill('2')
    await page.getByLabel('Currency').selectOption('jpy')
    await page.waitForURL(/currency=jpy/)
    await expect.poll(() => value(page, 'JPY').inputValue()).toMatch(/^\d+$/)
    expect(await amount(page).inputValue()).toBe('2')
    expect(problems).toEqual([])
  })
})

describe('the coin page converter without JavaScript', () => {
  it('is in the server-rendered page with one coin at its price', async () => {
    const { page } = await site.open(VIEWPORTS[0], { javaScriptEnabled: false })
    await page.goto(`${site.url}/coins/bitcoin`)
    expect(await amount(page).inputValue()).toBe('1')
    expect(await value(page, 'USD').inputValue()).toBe('97412.00')
    expect(await page.locator('.coin-converter__note').textContent()).toBe(
      '1 BTC = 97412.00 USD, at the price above.',
    )
  })
})
