import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runAxe, VIEWPORTS, visit } from './support/browser'
import { setUpSite } from './support/site'

// Issue 44 §3: a portfolio built signed out, moved into the account on sign-in, exported and
// imported again; axe at both widths.

const site = setUpSite()
const KEY = 'coinvera-portfolio'
const PASSWORD = 'analytical engine 1843'

let serial = 0
async function signUp(context: BrowserContext): Promise<void> {
  const email = `ada.portfolio.${Date.now()}.${serial++}@example.com`
  const response = await context.request.post(`${site.url}/api/auth`, {
    data: { name: 'Ada Lovelace', email, password: PASSWORD },
    headers: { Origin: site.url },
  })
  expect(response.status()).toBe(201)
}

async function accountTransactions(context: BrowserContext): Promise<unknown[]> {
  const response = await context.request.get(`${site.url}/api/portfolio`)
  return ((await response.json()) as { transactions: unknown[] }).transactions
}

const BUY = { type: 'buy', coinId: 'bitcoin', currency: 'usd', at: '2026-01-02T10:30:00.000Z' }

async function firstId(context: BrowserContext): Promise<string> {
  return ((await accountTransactions(context))[0] as { id: string }).id
}

const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY)

async function addBuy(page: Page, quantity: string, price: string) {
  const form = page.locator('form.portfolio__form')
  await form.getByLabel('Coin id').fill('bitcoin')
  await form.getByLabel('Quantity').fill(quantity)
  await form.getByLabel('Price per coin').fill(price)
  await form.getByLabel('Date and time (UTC)').fill('2026-01-02T10:30')
  await form.getByRole('button', { name: 'Add' }).click()
}

const holding = (page: Page) =>
  page
    .locator('table.portfolio-table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Bitcoin' }) })

describe.each(VIEWPORTS)('the portfolio at $name ($width×$height)', (viewport) => {
  it('built signed out, moved into the account on sign-in, exported and imported', async () => {
    const { page, context, problems } = await site.open(viewport, { acceptDownloads: true })
    await visit(page, `${site.url}/portfolio`)
    await page.getByText('Signed out, your portfolio is kept in this browser').waitFor()
    await page.getByText('Cost method: average cost, as CoinGecko does.').waitFor()
    await addBuy(page, '0.5', '50000')
    await holding(page).waitFor()
    // The sample's bitcoin is at $97,412.00: half a coin is worth $48,706.00.
    // The row shows at once; its price follows from the server's caches ("–" until then).
    await expect.poll(async () => (await holding(page).textContent()) ?? '').toContain('$48,706.00')
    expect(await page.locator('.portfolio__totals').textContent()).toContain('$48,706.00')
    await page.getByRole('table', { name: /Allocation/ }).waitFor()
    expect(JSON.parse((await stored(page)) ?? '{}').transactions).toHaveLength(1)
    expect(await runAxe(page)).toEqual([])

    // A sell larger than the holding is refused, and said.
    const form = page.locator('form.portfolio__form')
    await form.getByLabel('Type').selectOption('sell')
    await addBuy(page, '1', '60000')
    await page
      .getByRole('alert')
      .filter({ hasText: 'more of a coin than the portfolio holds' })
      .waitFor()
    expect(JSON.parse((await stored(page)) ?? '{}').transactions).toHaveLength(1)

    await signUp(context)
    await visit(page, `${site.url}/portfolio`)
    await expect.poll(() => accountTransactions(context)).toHaveLength(1)
    await expect.poll(() => stored(page)).toBeNull()
    await holding(page).waitFor()
    expect(await page.getByText('Signed out, your portfolio').count()).toBe(0)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    // The browser runs apart from the test: the file comes back as a stream.
    const chunks: Buffer[] = []
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk))
    const csv = Buffer.concat(chunks).toString('utf8')
    expect(csv.split('\r\n')[0]).toBe('type,coin,quantity,price,currency,date,fee,note')

    // A file with a refused row imports nothing, and names the row.
    await page.locator('input[type=file]').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv}buy,bitcoin,lots,1,usd,2026-01-01T00:00:00Z,0,\r\n`),
    })
    await page.getByRole('alert').filter({ hasText: 'Line 3: quantity' }).waitFor()
    expect(await accountTransactions(context)).toHaveLength(1)

    await page.locator('input[type=file]').setInputFiles({
      name: 'again.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    })
    await expect.poll(() => accountTransactions(context)).toHaveLength(2)
    await expect.poll(async () => (await holding(page).textContent()) ?? '').toContain('$97,412.00')
    expect(await runAxe(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('without JavaScript, signed in: the form adds to the account and the page says so', async () => {
    const { context } = await site.open(viewport)
    await signUp(context)
    const { page } = await site.open(viewport, { javaScriptEnabled: false })
    await page.context().addCookies(await context.cookies())
    await page.goto(`${site.url}/portfolio`)
    await addBuy(page, '0.25', '40000')
    await page.waitForURL(`${site.url}/portfolio?done=added`)
    await page.getByText('Transaction added.').waitFor()
    expect(await accountTransactions(context)).toHaveLength(1)
    await page.locator('form.portfolio__form').getByLabel('Quantity').fill('lots')
    await page.locator('form.portfolio__form').getByRole('button', { name: 'Add' }).click()
    await page.waitForURL(`${site.url}/portfolio?error=validation_failed`)
    await page.getByText('Not saved: Some fields need attention.').waitFor()
    expect(await accountTransactions(context)).toHaveLength(1)
  })

  it('without JavaScript, signed in: the holdings are in the page, edited and deleted by form', async () => {
    const { context } = await site.open(viewport)
    await signUp(context)
    const added = await context.request.post(`${site.url}/api/portfolio/transactions`, {
      data: {
        transactions: [
          { ...BUY, quantity: '0.5', price: '50000' },
          { ...BUY, coinId: 'ethereum', quantity: '2', price: '3000', currency: 'eur' },
        ],
      },
      headers: { Origin: site.url },
    })
    expect(added.status()).toBe(201)
    const { page, problems } = await site.open(viewport, { javaScriptEnabled: false })
    await page.context().addCookies(await context.cookies())
    const response = await page.goto(`${site.url}/portfolio`)
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    // The server's page: the table, the totals and the allocation, and the euros' rate.
    expect(await holding(page).textContent()).toContain('$48,706.00')
    await page.locator('.portfolio__totals').getByText('Total value').waitFor()
    expect(await page.locator('svg.portfolio__bar rect').count()).toBe(2)
    await page
      .getByText(/^Costs in EUR are converted to US dollars at .*1 EUR = 1\.15821 USD/)
      .waitFor()

    // Edit opens the transaction in the form; Save posts it (303 back with what was done).
    await page.getByRole('button', { name: /^Edit: Buy 0.5 bitcoin/ }).click()
    await page.waitForURL(/\/portfolio\?edit=/)
    const form = page.locator('form.portfolio__form')
    await form.getByRole('heading', { name: 'Edit the transaction' }).waitFor()
    expect(await form.getByLabel('Quantity').inputValue()).toBe('0.5')
    await form.getByLabel('Quantity').fill('2')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(`${site.url}/portfolio?done=edited`)
    await page.getByText('Transaction saved.').waitFor()
    expect(await holding(page).textContent()).toContain('$194,824.00')
    const quantities = async () =>
      ((await accountTransactions(context)) as { quantity: string }[]).map((t) => t.quantity)
    expect(await quantities()).toEqual(['2', '2'])

    // A refused edit comes back with its reason, and changes nothing.
    await page.getByRole('button', { name: /^Edit: Buy 2 bitcoin/ }).click()
    await form.getByLabel('Type').selectOption('sell')
    await form.getByLabel('Quantity').fill('3')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(`${site.url}/portfolio?error=exceeds_holding`)
    await page.getByText('Not saved: This would sell or move out more').waitFor()
    expect(await quantities()).toEqual(['2', '2'])

    await page.getByRole('button', { name: /^Delete: Buy 2 bitcoin/ }).click()
    await page.waitForURL(`${site.url}/portfolio?done=deleted`)
    await page.getByText('Transaction deleted.').waitFor()
    expect(await accountTransactions(context)).toHaveLength(1)
    expect(await holding(page).count()).toBe(0)

    // axe runs in the page, which a context without JavaScript refuses: the same HTML, its
    // scripts never loaded, in a context that lets axe run.
    const checked = await site.open(viewport)
    await checked.context.addCookies(await context.cookies())
    await checked.page.route('**/*.js', (route) => route.abort())
    await checked.page.goto(`${site.url}/portfolio?edit=${await firstId(context)}`)
    await checked.page.getByRole('heading', { name: 'Edit the transaction' }).waitFor()
    expect(await runAxe(checked.page)).toEqual([])
    // Nothing in the server's page breaks its CSP (an inline style attribute would).
    expect(problems).toEqual([])
  })

  it('edits a transaction in place: the holding follows, the account keeps it', async () => {
    const { page, context, problems } = await site.open(viewport)
    await signUp(context)
    const added = await context.request.post(`${site.url}/api/portfolio/transactions`, {
      data: {
        transactions: [
          {
            type: 'buy',
            coinId: 'bitcoin',
            quantity: '0.5',
            price: '50000',
            currency: 'usd',
            at: '2026-01-02T10:30:00.000Z',
          },
        ],
      },
      headers: { Origin: site.url },
    })
    expect(added.status()).toBe(201)
    await visit(page, `${site.url}/portfolio`)
    await holding(page).waitFor()
    await page.getByRole('button', { name: /^Edit: Buy 0.5 bitcoin/ }).click()
    const form = page.locator('form.portfolio__form')
    expect(await form.getByLabel('Quantity').inputValue()).toBe('0.5')
    expect(await form.getByLabel('Date and time (UTC)').inputValue()).toBe('2026-01-02T10:30')
    await form.getByLabel('Quantity').fill('2')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(async () => (await holding(page).textContent()) ?? '')
      .toContain('$194,824.00')
    await expect
      .poll(async () => ((await accountTransactions(context))[0] as { quantity: string }).quantity)
      .toBe('2')
    expect(problems).toEqual([])
  })

  it('a change the server refuses is put back, and says so', async () => {
    const { page, context, problems } = await site.open(viewport)
    await signUp(context)
    await visit(page, `${site.url}/portfolio`)
    await page.getByText('No transactions yet').waitFor()
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/portfolio/transactions', async (route) => {
      await held
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'database_unavailable',
          message: 'Accounts are unavailable for a moment. Try again shortly.',
        }),
      })
    })
    await addBuy(page, '0.5', '50000')
    // Shown at once, before the server answers.
    await holding(page).waitFor()
    release()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Not saved, and put back as it was: Accounts are unavailable' })
      .waitFor()
    await page.getByText('No transactions yet').waitFor()
    expect(await accountTransactions(context)).toEqual([])
    // The 503 is the test's own: the browser logs it as a failed request.
    expect(problems.filter((p) => !p.includes('503'))).toEqual([])
  })
})

describe("the portfolio's code", () => {
  it('loads only on its page: the price list carries no exact-decimal library', async () => {
    const { page } = await site.open(VIEWPORTS[0])
    const scripts: string[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text())
    })
    await visit(page, `${site.url}/crypto`)
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((text) => text.includes('DecimalError'))).toEqual([])
    await visit(page, `${site.url}/portfolio`)
    await page.waitForLoadState('networkidle')
    expect(scripts.filter((text) => text.includes('DecimalError'))).toHaveLength(1)
  })
})
