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

describe.each(VIEWPORTS)('/converter at $name ($width×$height)', (viewport) => {
  it('converts by its form in the app, keeps the answer in the address, with no axe violations', async () => {
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/converter?from=bitcoin&to=inr&amount=0.5`)
    const sum = page.locator('.converter-result__sum')
    // The sample's bitcoin, $97,412.00, at the sample's rate of the rupee.
    expect(await sum.textContent()).toMatch(/^0\.5 BTC = 4,052,826\.26 INR/)
    await page.getByLabel('Amount').fill('2')
    await page.getByLabel('To').selectOption('eur')
    await page.getByRole('button', { name: 'Convert' }).click()
    await page.waitForURL(/to=eur/)
    await expect.poll(() => sum.textContent()).toMatch(/^2 BTC = [\d,]+\.\d\d EUR/)
    expect(await page.getByLabel('From').inputValue()).toBe('bitcoin')
    // Swapped: euros into bitcoin, to the satoshi.
    await page.getByRole('link', { name: 'Swap: EUR to BTC' }).click()
    await expect.poll(() => sum.textContent()).toMatch(/^2 EUR = 0\.\d{8} BTC/)
    expect(await runAxe(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('says what is wrong with an amount that is not a number', async () => {
    const { page, problems } = await site.open(viewport)
    const response = await visit(page, `${site.url}/converter?from=bitcoin&to=usd&amount=lots`)
    expect(response?.status()).toBe(400)
    expect(await page.getByLabel('Amount').inputValue()).toBe('lots')
    await expect
      .poll(() => page.getByText('Enter an amount as a number, such as 0.5.').count())
      .toBe(1)
    expect(await page.locator('.converter-result__sum').count()).toBe(0)
    // The page's own 400, which the browser logs, is the only complaint.
    expect(problems).toEqual([expect.stringContaining('status of 400 (Bad Request)')])
  })
})

describe('/converter without JavaScript', () => {
  it('is a GET form the server answers, whose address can be shared', async () => {
    const { page } = await site.open(VIEWPORTS[1], { javaScriptEnabled: false })
    await page.goto(`${site.url}/converter`)
    expect(await page.locator('.converter-result__sum').textContent()).toMatch(
      /^1 BTC = 97,412\.00 USD/,
    )
    await page.getByLabel('Amount').fill('3')
    await page.getByLabel('From').selectOption('ethereum')
    await page.getByLabel('To').selectOption('jpy')
    await page.getByRole('button', { name: 'Convert' }).click()
    await page.waitForURL(/from=ethereum/)
    expect(new URL(page.url()).searchParams.get('amount')).toBe('3')
    expect(await page.locator('.converter-result__sum').textContent()).toMatch(
      /^3 ETH = [\d,]+ JPY/,
    )
    // axe runs in the page, which a context without JavaScript refuses: the same HTML, its
    // scripts never loaded, in a context that lets axe run.
    const checked = await site.open(VIEWPORTS[1])
    await checked.page.route('**/*.js', (route) => route.abort())
    await checked.page.goto(page.url())
    expect(await checked.page.locator('.converter-result__sum').textContent()).toMatch(/^3 ETH/)
    expect(await runAxe(checked.page)).toEqual([])
  })
})
