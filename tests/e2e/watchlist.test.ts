import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accountButton, menuButton, runAxe, VIEWPORTS, visit } from './support/browser'
import { setUpSite, waitForPrices } from './support/site'

// Issue 27 §1: the watchlist, signed out and in, with JavaScript and without, at both widths.

const site = setUpSite()
const KEY = 'coinvera-watchlist'
const PASSWORD = 'analytical engine 1843'

let serial = 0
/** A new account, signed in in `context` (sign-up signs in): its email. */
async function signUp(context: BrowserContext): Promise<string> {
  const email = `ada.watch.${Date.now()}.${serial++}@example.com`
  const response = await context.request.post(`${site.url}/api/auth`, {
    data: { name: 'Ada Lovelace', email, password: PASSWORD },
    headers: { Origin: site.url },
  })
  expect(response.status()).toBe(201)
  return email
}

async function star(context: BrowserContext, id: string) {
  const response = await context.request.put(`${site.url}/api/watchlist/${id}`, {
    headers: { Origin: site.url },
  })
  expect(response.status()).toBe(200)
}

async function accountList(context: BrowserContext): Promise<string[]> {
  const response = await context.request.get(`${site.url}/api/watchlist`)
  return ((await response.json()) as { coins: string[] }).coins
}

const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY)

/** A coin's star in the price list. */
const starOf = (page: Page, name: string) =>
  page
    .locator('.prices__card')
    .getByRole('button', { name: new RegExp(`${name} (to|from) watchlist`) })

const rowOf = (page: Page, name: string | RegExp) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) })

describe.each(VIEWPORTS)('the watchlist at $name ($width×$height)', (viewport) => {
  it('a star added signed out is still on after signing in, and /watchlist holds it', async () => {
    const { page, context, problems } = await site.open(viewport)
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    await starOf(page, 'Bitcoin').click()
    await expect.poll(() => starOf(page, 'Bitcoin').getAttribute('aria-pressed')).toBe('true')
    expect(await starOf(page, 'Bitcoin').getAttribute('aria-label')).toBe(
      'Remove Bitcoin from watchlist',
    )
    expect(JSON.parse((await stored(page)) ?? '{}')).toEqual({ coins: ['bitcoin'] })

    await signUp(context)
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    // Merged into the account once, then gone from the browser: nothing lost, nothing doubled.
    await expect.poll(() => accountList(context)).toEqual(['bitcoin'])
    await expect.poll(() => stored(page)).toBeNull()
    expect(await starOf(page, 'Bitcoin').getAttribute('aria-pressed')).toBe('true')

    // Reached from the phone menu, or the account menu on wider screens.
    if (viewport.phone) await menuButton(page).click()
    else await accountButton(page).click()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Watchlist' })
      .click()
    await page.waitForURL(`${site.url}/watchlist`)
    await rowOf(page, /Bitcoin/).waitFor()
    expect(await rowOf(page, /Bitcoin/).textContent()).toContain('$97,412.00')
    expect(await runAxe(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('/watchlist signed in is the server’s page: prices from its caches, a reason where none', async () => {
    const { context } = await site.open(viewport)
    await signUp(context)
    await star(context, 'bitcoin')
    // In coins/list but not in the price list, and its details are not cached: no price held.
    await star(context, 'dogecoin')
    const cookies = await context.cookies()
    const { page } = await site.open(viewport, { javaScriptEnabled: false })
    await page.context().addCookies(cookies)
    const response = await page.goto(`${site.url}/watchlist`)
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    const main = page.getByRole('main')
    await main.getByRole('heading', { level: 1, name: 'Your watchlist' }).waitFor()
    expect(await rowOf(page, /Bitcoin/).textContent()).toContain('$97,412.00')
    const doge = await rowOf(page, /dogecoin/).textContent()
    expect(doge).toContain('–')
    expect(doge).toContain('No price held for this coin right now')
    // No skeleton, no "Loading" in the server's page.
    expect(await main.textContent()).not.toMatch(/loading/i)
  })

  it('/watchlist in rupees says its prices are converted from USD, as the price lists do', async () => {
    const { page, context, problems } = await site.open(viewport)
    await signUp(context)
    await star(context, 'bitcoin')
    // The fixture's rate: 1 USD = 83.21 INR.
    await visit(page, `${site.url}/watchlist?currency=inr`)
    await rowOf(page, /Bitcoin/).waitFor()
    await expect.poll(() => rowOf(page, /Bitcoin/).textContent()).toContain('₹8,105,652.52')
    const note = page.getByText(/^Converted from USD at 1 USD = 83\.21 INR, /)
    await note.waitFor()
    expect(await runAxe(page)).toEqual([])
    expect(problems).toEqual([])

    // The server's page says it too, with the rate's time.
    const cookies = await context.cookies()
    const noScript = await site.open(viewport, { javaScriptEnabled: false })
    await noScript.page.context().addCookies(cookies)
    await noScript.page.goto(`${site.url}/watchlist?currency=inr`)
    expect(await rowOf(noScript.page, /Bitcoin/).textContent()).toContain('₹8,105,652.52')
    expect(
      await noScript.page
        .getByText(/^Converted from USD at 1 USD = 83\.21 INR, the rate of /)
        .count(),
    ).toBe(1)
  })

  it('/watchlist with JavaScript: a coin the source does not list says so; axe finds nothing', async () => {
    const { page, context, problems } = await site.open(viewport)
    await signUp(context)
    await star(context, 'dogecoin')
    await visit(page, `${site.url}/watchlist`)
    await page.getByText('No price: the market data source does not list this coin.').waitFor()
    expect(await runAxe(page)).toEqual([])
    // Unstarred from the page: the account drops it, and the page says how to add coins.
    await page.getByRole('button', { name: 'Remove dogecoin from watchlist' }).click()
    await expect.poll(() => accountList(context)).toEqual([])
    await page.getByText('No coins in your watchlist yet.').waitFor()
    expect(problems).toEqual([])
  })

  it('without JavaScript: signed in the star is a form (303 back), signed out a link to sign in', async () => {
    const signedOut = await site.open(viewport, { javaScriptEnabled: false })
    await signedOut.page.goto(`${site.url}/crypto`)
    // The same star as with the script, a button, whose form goes to sign in and back.
    const star = signedOut.page.getByRole('button', {
      name: 'Sign in to add Bitcoin to your watchlist',
    })
    expect(await star.getAttribute('aria-pressed')).toBeNull()
    await star.click()
    await signedOut.page.waitForURL(`${site.url}/signin?return=%2Fcrypto`)

    const { context } = await site.open(viewport)
    await signUp(context)
    const cookies = await context.cookies()
    const { page } = await site.open(viewport, { javaScriptEnabled: false })
    await page.context().addCookies(cookies)
    await page.goto(`${site.url}/crypto`)
    await starOf(page, 'Bitcoin').click()
    await page.waitForURL(`${site.url}/crypto`)
    expect(await starOf(page, 'Bitcoin').getAttribute('aria-label')).toBe(
      'Remove Bitcoin from watchlist',
    )
    expect(await starOf(page, 'Bitcoin').getAttribute('aria-pressed')).toBe('true')
    expect(await accountList(context)).toEqual(['bitcoin'])
    await starOf(page, 'Bitcoin').click()
    await page.waitForURL(`${site.url}/crypto`)
    expect(await starOf(page, 'Bitcoin').getAttribute('aria-pressed')).toBe('false')
    expect(await accountList(context)).toEqual([])
  })

  it('/watchlist signed out lists this browser’s coins with prices, and says signing in keeps them', async () => {
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/watchlist`)
    await page.getByText('No coins in your watchlist yet.').waitFor()
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    await starOf(page, 'Tether').click()
    // Pressed once this browser's list holds it: leaving sooner could leave before it is stored.
    await expect.poll(() => starOf(page, 'Tether').getAttribute('aria-pressed')).toBe('true')
    await visit(page, `${site.url}/watchlist`)
    await rowOf(page, /Tether/).waitFor()
    expect(await rowOf(page, /Tether/).textContent()).toContain('$1.00')
    expect(await page.getByRole('main').textContent()).toContain(
      'Signed out, your watchlist is kept in this browser',
    )
    expect(await runAxe(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('/watchlist is sorted by its headers, in the address, with the site’s star and table', async () => {
    const { page, context, problems } = await site.open(viewport)
    await signUp(context)
    for (const id of ['tether', 'bitcoin', 'ethereum']) await star(context, id)
    await visit(page, `${site.url}/watchlist`)
    const names = () =>
      page
        .locator('.watch-table tbody .coin-cell__name')
        .evaluateAll((cells) => cells.map((cell) => cell.textContent))
    // The order they were starred in, until a header asks for another.
    await expect.poll(names).toEqual(['Tether', 'Bitcoin', 'Ethereum'])
    const price = page.getByRole('columnheader', { name: 'Price' })
    await price.getByRole('button').click()
    await page.waitForURL(`${site.url}/watchlist?sort=price_desc`)
    await expect.poll(names).toEqual(['Bitcoin', 'Ethereum', 'Tether'])
    expect(await price.getAttribute('aria-sort')).toBe('descending')
    await price.getByRole('button').click()
    await expect.poll(names).toEqual(['Tether', 'Ethereum', 'Bitcoin'])
    // A sorted address opens sorted.
    await visit(page, `${site.url}/watchlist?sort=name_asc`)
    await expect.poll(names).toEqual(['Bitcoin', 'Ethereum', 'Tether'])
    // The full list's columns: star, coin, price and 24 h whole on a phone, market cap beside them
    // on a wide screen.
    const headers = await page
      .locator('.watch-table thead th')
      .evaluateAll((cells) =>
        cells
          .filter((cell) => (cell as HTMLElement).offsetParent !== null)
          .map((cell) => cell.textContent?.replace(/[▲▼]/g, '')),
      )
    expect(headers).toEqual(
      viewport.phone
        ? ['Actions', 'Coin', 'Price', '24 h']
        : ['Actions', 'Coin', 'Price', '24 h', 'Market cap'],
    )
    const cut = await page.evaluate(
      () =>
        [...document.querySelectorAll('.watch-table td, .watch-table .coin-cell__symbol')].filter(
          (cell) =>
            cell.scrollWidth > cell.clientWidth + 1 ||
            cell.getBoundingClientRect().right > window.innerWidth,
        ).length,
    )
    expect(cut).toBe(0)
    // The site's star (an icon), never an emoji.
    const stars = await page
      .locator('.watch-table .watch-star')
      .evaluateAll((buttons) => buttons.map((b) => getComputedStyle(b, '::before').maskImage))
    expect(stars).toHaveLength(3)
    for (const mask of stars) expect(mask).toMatch(/^url\("data:image\/svg\+xml/)
    expect(await page.getByRole('main').textContent()).not.toMatch(/[⭐☆★]/u)
    expect(await runAxe(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('two tabs starring different coins keep both, and each shows the other’s', async () => {
    const { page: first, context } = await site.open(viewport)
    const second = await context.newPage()
    for (const page of [first, second]) {
      await visit(page, `${site.url}/crypto`)
      await waitForPrices(page)
    }
    await Promise.all([starOf(first, 'Bitcoin').click(), starOf(second, 'Ethereum').click()])
    for (const page of [first, second]) {
      await expect.poll(() => starOf(page, 'Bitcoin').getAttribute('aria-pressed')).toBe('true')
      await expect.poll(() => starOf(page, 'Ethereum').getAttribute('aria-pressed')).toBe('true')
    }
    const coins = (JSON.parse((await stored(first)) ?? '{}') as { coins: string[] }).coins
    expect(coins.sort()).toEqual(['bitcoin', 'ethereum'])
  })
})

describe('the watchlist offline', () => {
  // CoinGecko drops every connection: the prices are the sample's, and the page says so.
  const offline = setUpSite({ upstream: { kind: 'reset' } })

  it.each(VIEWPORTS)(
    'labels sample prices with the Sample data badge ($name)',
    async (viewport) => {
      const { page, context, problems } = await offline.open(viewport)
      const email = `ada.sample.${Date.now()}@example.com`
      const response = await context.request.post(`${offline.url}/api/auth`, {
        data: { name: 'Ada Lovelace', email, password: PASSWORD },
        headers: { Origin: offline.url },
      })
      expect(response.status()).toBe(201)
      const put = await context.request.put(`${offline.url}/api/watchlist/bitcoin`, {
        headers: { Origin: offline.url },
      })
      expect(put.status()).toBe(200)
      await visit(page, `${offline.url}/watchlist`)
      await page.locator('.watch-table tbody tr').first().waitFor()
      expect(await page.locator('h1 .sample-badge').textContent()).toBe('Sample data')
      expect(await runAxe(page)).toEqual([])
      expect(problems).toEqual([])
    },
  )
})
