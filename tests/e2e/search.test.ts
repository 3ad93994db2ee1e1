import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runAxe, VIEWPORTS, visit, waitForHeaderAdopted } from './support/browser'
import { setUpSite } from './support/site'

const site = setUpSite()
// Sample data: the market source is a port nobody listens on.
const offline = setUpSite({ env: () => ({ MARKET_UPSTREAM_URL: 'http://127.0.0.1:9/api/v3' }) })

const searchButton = (page: Page) => page.getByRole('button', { name: 'Search coins' })
const combobox = (page: Page) => page.getByRole('combobox', { name: 'Search coins' })
// The dialog's: the currency menu's native options are options too.
const options = (page: Page) => page.getByRole('dialog').getByRole('option')

/** Types into the dialog's field and waits for its first option to name `first`. */
async function search(page: Page, text: string, first: string) {
  await combobox(page).fill(text)
  await expect.poll(() => options(page).first().textContent()).toContain(first)
}

describe.each(VIEWPORTS)('search at $name ($width×$height)', (viewport) => {
  it('opens from the header button, finds "eth" and opens Ethereum with Enter', async () => {
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    await searchButton(page).click()
    await search(page, 'eth', 'Ethereum')
    // The matching part is marked.
    expect(await options(page).first().locator('mark').first().textContent()).toBe('Eth')
    expect(await runAxe(page)).toEqual([])
    await combobox(page).press('Enter')
    await page.waitForURL(`${site.url}/coins/ethereum`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Ethereum')
    expect(problems).toEqual([])
  })

  it('opens with "/", moves with the arrows, and Escape gives focus back', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    await page.keyboard.press('/')
    await expect
      .poll(() => combobox(page).evaluate((el) => el === document.activeElement))
      .toBe(true)
    await search(page, 'btc', 'Bitcoin')
    const ids = await options(page).evaluateAll((all) => all.map((option) => option.id))
    await combobox(page).press('ArrowDown')
    expect(await combobox(page).getAttribute('aria-activedescendant')).toBe(ids[0])
    expect(await options(page).first().getAttribute('aria-selected')).toBe('true')
    await combobox(page).press('ArrowUp')
    expect(await combobox(page).getAttribute('aria-activedescendant')).toBe(ids.at(-1))
    await combobox(page).press('Escape')
    await expect.poll(() => combobox(page).count()).toBe(0)
    // Opened from the page's body, focus goes back there; from the button, to the button.
    await searchButton(page).click()
    await combobox(page).waitFor()
    await page.keyboard.press('Escape')
    await expect
      .poll(() => searchButton(page).evaluate((el) => el === document.activeElement))
      .toBe(true)
  })

  it('works without JavaScript: the header form leads to /search, rendered with links', async () => {
    const { page } = await site.open(viewport, { javaScriptEnabled: false })
    await page.goto(`${site.url}/`)
    await searchButton(page).click()
    await page.waitForURL((url) => url.pathname === '/search')
    await page.getByRole('searchbox', { name: 'Search coins' }).fill('eth')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(`${site.url}/search?q=eth`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Coins matching “eth”')
    await page.getByRole('link', { name: /Ethereum/ }).click()
    await page.waitForURL(`${site.url}/coins/ethereum`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Ethereum')
  })

  it('renders /search?q=<script> with the query escaped everywhere', async () => {
    const { page, problems } = await site.open(viewport)
    const query = '<script>alert(1)</script>'
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs++
      void dialog.dismiss()
    })
    await visit(page, `${site.url}/search?q=${encodeURIComponent(query)}`)
    expect(await page.title()).toContain(query)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(query)
    expect(await page.getByRole('searchbox').inputValue()).toBe(query)
    expect(dialogs).toBe(0)
    expect(await runAxe(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it("offers search on an unknown coin's 404 page, filled in with what was asked for", async () => {
    const { page, problems } = await site.open(viewport)
    const response = await visit(page, `${site.url}/coins/etherium`)
    expect(response?.status()).toBe(404)
    const field = page.getByRole('searchbox', { name: 'Search coins' })
    await expect.poll(() => field.inputValue()).toBe('etherium')
    // The page fits the screen: the field and its button are whole, neither starts off it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width)
    for (const control of [field, page.getByRole('button', { name: 'Search coins' }).last()]) {
      const box = await control.boundingBox()
      expect(box?.x).toBeGreaterThanOrEqual(0)
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(
        viewport.width,
      )
    }
    await page.getByRole('button', { name: 'Search coins' }).last().click()
    await page.waitForURL(`${site.url}/search?q=etherium`)
    await expect.poll(() => page.getByRole('link', { name: /Ethereum/ }).count()).toBe(1)
    // Chromium reports the 404 document itself as a failed resource; that status is the point.
    expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([])
  })

  it('says that offline results come from the sample list', async () => {
    const { page } = await offline.open(viewport)
    await visit(page, `${offline.url}/`)
    await searchButton(page).click()
    await search(page, 'sol', 'Solana')
    await expect
      .poll(() => page.getByRole('dialog').getByRole('status').textContent())
      .toContain('Sample data')
  })
})

describe('the "/" shortcut', () => {
  it('pressed on a slow phone while the page hydrates, opens search once it can', async () => {
    const { page, context } = await site.open(VIEWPORTS[1])
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(`${site.url}/`, { waitUntil: 'load' })
    // The header is adopted; the effects that listen for keys run once the whole page is.
    await waitForHeaderAdopted(page)
    await page.keyboard.press('/')
    await expect
      .poll(() => combobox(page).evaluate((el) => el === document.activeElement))
      .toBe(true)
  })
})
