import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKETS_PARAMS } from '@contract/market'
import { type SmtpSink, linkIn, startSmtpSink, tokenIn } from '../support/smtp'
import { runAxe, VIEWPORTS, visit } from './support/browser'
import { setUpSite } from './support/site'

// Price alerts in Chromium: created on a coin page, fired by a refresh of the price list when the
// fake CoinGecko's bitcoin price moves past it, seen on /account/alerts, and deleted from the
// email's link (caught by a real SMTP server in this process).

const PASSWORD = 'lantern-harbour-copper-61'
let serial = 0
const uniqueEmail = (tag: string) => `ada.${tag}.${Date.now()}.${serial++}@example.com`

const MARKETS = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/coins-markets.json', import.meta.url), 'utf8'),
) as { id: string; current_price: number }[]
/** Bitcoin's price in the fixtures (the list and the coin's details). */
const START_PRICE = 97_412
const MARKETS_QUERY = new URLSearchParams(
  Object.entries(MARKETS_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()
let bitcoin = START_PRICE

let smtp: SmtpSink
let port = 0
beforeAll(async () => {
  smtp = await startSmtpSink()
  // The server's own port, known beforehand, so SITE_URL (which starts every emailed link) is
  // the address the browser uses.
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  port = (probe.address() as { port: number }).port
  await new Promise((resolve) => probe.close(resolve))
})
afterAll(async () => {
  await smtp?.stop()
})

const site = setUpSite({
  env: () => ({
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    // The price list goes stale after a second, so the test's next look refreshes it.
    MARKETS_TTL_S: '1',
    // Every refresh the test asks for is spent from the upstream budget.
    UPSTREAM_CALLS_PER_MIN: '1000',
    // The ends of refreshes and of alert evaluations, which the test awaits.
    LOG_LEVEL: 'debug',
  }),
})

// After the site's own beforeAll, which starts the fake upstream.
beforeAll(() => {
  site.upstream.behave(
    {
      kind: 'ok',
      body: () =>
        JSON.stringify(
          MARKETS.map((c) => (c.id === 'bitcoin' ? { ...c, current_price: bitcoin } : c)),
        ),
    },
    'coins/markets',
  )
})

/** The next line the server logs that ends a price-list refresh or an evaluation of alerts. */
const nextEnding = () =>
  site.server.nextLine((line) => /"msg":"(market refresh ended|price alerts evaluated)"/.test(line))

/**
 * Bitcoin at `price` on a refresh of the price list, evaluated by the alerts: asks for the list
 * until the server has fetched it anew (the list goes stale a second after each fetch, and each
 * ask waits for the server's answer), then until that refresh's prices are evaluated, reading the
 * server's health again at each refresh or evaluation it logs.
 */
async function refreshWithBitcoinAt(price: number): Promise<void> {
  bitcoin = price
  let arrived = false
  const before = site.upstream.callsTo('coins/markets').length
  void site.upstream.called(before + 1, 'coins/markets').then(() => {
    arrived = true
  })
  while (!arrived) {
    const response = await fetch(`${site.url}/api/market/coins/markets?${MARKETS_QUERY}`)
    await response.body?.cancel()
  }
  for (;;) {
    const ended = nextEnding()
    const health = await (await fetch(`${site.url}/api/health/detail`)).json()
    if (!health.upstream.markets.fetching && health.alerts.pendingRefreshes === 0) return
    await ended
  }
}

/** A signed-up account whose address is confirmed by the emailed link. */
async function verifiedAccount(email: string) {
  const response = await fetch(`${site.url}/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Lovelace', email, password: PASSWORD }),
  })
  expect(response.status).toBe(201)
  const token = tokenIn(await smtp.mailTo(email), '/verify-email')
  const verified = await fetch(`${site.url}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: site.url },
    body: JSON.stringify({ token }),
  })
  expect(verified.status).toBe(204)
}

async function signIn(page: Page, email: string, script = true) {
  if (script) await visit(page, `${site.url}/signin`)
  else await page.goto(`${site.url}/signin`)
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Username', { exact: true }).fill(email)
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Submit' }).click()
  await page.waitForURL(`${site.url}/`)
}

async function alertsOf(context: BrowserContext) {
  const response = await context.request.get(`${site.url}/api/alerts`)
  return (await response.json()).alerts as { state: string }[]
}

const noAxeViolations = async (page: Page) =>
  expect(JSON.stringify(await runAxe(page), null, 1)).toBe('[]')

describe.each(VIEWPORTS)('price alerts at $name ($width×$height)', (viewport) => {
  it('create on a coin page → the price crosses it → triggered, emailed → deleted by the link', async () => {
    await refreshWithBitcoinAt(START_PRICE)
    const email = uniqueEmail(viewport.name)
    await verifiedAccount(email)
    const { page, context, problems } = await site.open(viewport)
    await signIn(page, email)

    await visit(page, `${site.url}/coins/bitcoin`)
    const form = page.getByRole('form', { name: 'Price alert' })
    const price = form.getByLabel('Price', { exact: true })
    // 5% above the current price, then 5% below once "below" is chosen.
    await expect.poll(() => price.inputValue()).toBe('102300')
    await form.getByLabel('below').check()
    expect(await price.inputValue()).toBe('92540')
    await form.getByLabel('above').check()
    expect(await price.inputValue()).toBe('102300')
    await noAxeViolations(page)

    // A value the price is past already is asked about, with the price now, before anything is sent.
    await price.fill('90000')
    await form.getByRole('button', { name: 'Create alert' }).click()
    await form.getByText('already above $90,000.00: this alert would fire at once').waitFor()
    expect(await form.getByRole('button', { name: 'Create it anyway' }).isVisible()).toBe(true)
    await noAxeViolations(page)
    await price.fill('100000')
    await form.getByRole('button', { name: 'Create alert' }).click()
    await page.getByText('Alert created').waitFor()
    await noAxeViolations(page)
    expect(await alertsOf(context)).toEqual([expect.objectContaining({ state: 'waiting' })])

    await page.getByRole('link', { name: 'See your alerts' }).click()
    await page.waitForURL(`${site.url}/account/alerts`)
    await page.getByText('Waiting').waitFor()
    expect(
      await page.getByRole('link', { name: 'Bitcoin', exact: true }).getAttribute('href'),
    ).toBe('/coins/bitcoin?currency=usd')

    await refreshWithBitcoinAt(105_000)
    await visit(page, `${site.url}/account/alerts`)
    await page.getByText(/^Triggered at .*\(price \$105,000/).waitFor()
    // Each button starts with its visible verb and names its alert.
    const rearm = page.getByRole('button', {
      name: 'Re-arm the alert for Bitcoin above $100,000.00',
      exact: true,
    })
    await rearm.waitFor()
    expect(
      await page
        .getByRole('button', {
          name: 'Delete the alert for Bitcoin above $100,000.00',
          exact: true,
        })
        .count(),
    ).toBe(1)
    await noAxeViolations(page)
    await rearm.click()
    await page.getByText('The alert was re-armed').waitFor()
    expect(await alertsOf(context)).toEqual([expect.objectContaining({ state: 'rearming' })])

    const mail = await smtp.mailTo(email, 1)
    expect(mail.subject).toBe('Bitcoin is above 100,000 USD')
    const link = linkIn(mail, '/alerts/delete')
    await visit(page, link.href)
    // Opening the link deletes nothing, and the token leaves the address: the page replaces its
    // address once it has run, which a loaded machine delayed past hydration (a clean-clone run).
    await page.waitForURL(`${site.url}/alerts/delete`)
    expect(await alertsOf(context)).toHaveLength(1)
    await noAxeViolations(page)
    await page.getByRole('button', { name: 'Delete this alert' }).click()
    await page.getByText('The alert was deleted').waitFor()
    expect(await alertsOf(context)).toEqual([])

    await page.getByRole('link', { name: 'Your other alerts' }).click()
    await page.getByText('No alerts yet').waitFor()
    // The account page leads here too.
    await page.getByRole('link', { name: 'Your account' }).click()
    await page.getByRole('link', { name: 'See and manage your alerts' }).click()
    await page.waitForURL(`${site.url}/account/alerts`)
    expect(problems).toEqual([])
  })

  it('an alert in rupees from a coin page in rupees fires at the dollar price × the rate, and says so', async () => {
    await refreshWithBitcoinAt(START_PRICE)
    const email = uniqueEmail(`inr-${viewport.name}`)
    await verifiedAccount(email)
    const { page, context, problems } = await site.open(viewport)
    await signIn(page, email)

    // The fixture's rate: 1 USD = 83.21 INR, so bitcoin is ₹8,105,652.52.
    await visit(page, `${site.url}/coins/bitcoin?currency=inr`)
    const form = page.getByRole('form', { name: 'Price alert' })
    const price = form.getByLabel('Price', { exact: true })
    expect(await form.getByLabel('Price currency').inputValue()).toBe('inr')
    await expect.poll(() => price.inputValue()).toBe('8511000')
    await form
      .getByText(
        'Now ₹8,105,652.52; suggested: 5% above. Prices in Indian rupees are converted from US dollars at the current exchange rate.',
      )
      .waitFor()
    await noAxeViolations(page)
    await price.fill('8400000')
    await form.getByRole('button', { name: 'Create alert' }).click()
    await page
      .getByText('We will email you once when the price goes above ₹8,400,000.00.')
      .waitFor()
    await noAxeViolations(page)
    expect(await alertsOf(context)).toEqual([
      expect.objectContaining({ currency: 'inr', price: 8_400_000, state: 'waiting' }),
    ])

    // $100,000 is ₹8,321,000: not yet; $101,500 is ₹8,445,815.
    await refreshWithBitcoinAt(100_000)
    expect(await alertsOf(context)).toEqual([expect.objectContaining({ state: 'waiting' })])
    await refreshWithBitcoinAt(101_500)
    await visit(page, `${site.url}/account/alerts`)
    await page
      .getByText(
        'goes above ₹8,400,000.00 (Indian rupees, converted from US dollars at the current exchange rate)',
      )
      .waitFor()
    await page
      .getByText(
        /^Triggered at .*\(price ₹8,445,815\.00, from .*, converted at 1 USD = 83\.21 INR\)$/,
      )
      .waitFor()
    expect(
      await page.getByRole('link', { name: 'Bitcoin', exact: true }).getAttribute('href'),
    ).toBe('/coins/bitcoin?currency=inr')
    await noAxeViolations(page)

    const mail = await smtp.mailTo(email, 1)
    expect(mail.subject).toBe('Bitcoin is above 8,400,000 INR')
    expect(mail.text).toContain('converted from US dollars at the current exchange rate')
    expect(mail.text).toContain('101,500 USD converted at 1 USD = 83.21 INR')
    expect(problems).toEqual([])
  })

  it('with JavaScript off: a coin page in rupees creates an alert in rupees', async () => {
    await refreshWithBitcoinAt(START_PRICE)
    const email = uniqueEmail(`nojs-inr-${viewport.name}`)
    await verifiedAccount(email)
    const { page, context } = await site.open(viewport, { javaScriptEnabled: false })
    await signIn(page, email, false)
    await page.goto(`${site.url}/coins/bitcoin?currency=inr`)
    const form = page.getByRole('form', { name: 'Price alert' })
    expect(await form.getByLabel('Price currency').inputValue()).toBe('inr')
    // The server's suggestion, 5 % above ₹8,105,652.52, as the script would make it.
    expect(await form.getByLabel('Price', { exact: true }).inputValue()).toBe('8511000')
    await form.getByLabel('Price', { exact: true }).fill('8400000')
    await form.getByRole('button', { name: 'Create alert' }).click()
    await page.waitForURL(`${site.url}/account/alerts?done=created`)
    await page.getByText('Your alert was created.').waitFor()
    expect(await alertsOf(context)).toEqual([
      expect.objectContaining({ currency: 'inr', price: 8_400_000, state: 'waiting' }),
    ])
  })

  it('with JavaScript off: the coin page form creates an alert, the email link’s page deletes it', async () => {
    await refreshWithBitcoinAt(START_PRICE)
    const email = uniqueEmail(`nojs-${viewport.name}`)
    await verifiedAccount(email)
    const { page, context } = await site.open(viewport, { javaScriptEnabled: false })
    await signIn(page, email, false)
    await page.goto(`${site.url}/coins/bitcoin`)
    const form = page.getByRole('form', { name: 'Price alert' })
    expect(await form.getByLabel('Price', { exact: true }).inputValue()).toBe('102300')
    await form.getByLabel('below').check()
    await form.getByLabel('Price', { exact: true }).fill('90000')
    await form.getByRole('button', { name: 'Create alert' }).click()
    await page.waitForURL(`${site.url}/account/alerts?done=created`)
    await page.getByText('Your alert was created.').waitFor()
    expect(await alertsOf(context)).toEqual([
      expect.objectContaining({ direction: 'below', price: 90_000, state: 'waiting' }),
    ])

    // The email's link, as a plain form: the server writes its token into the page.
    await refreshWithBitcoinAt(85_000)
    const link = linkIn(await smtp.mailTo(email, 1), '/alerts/delete')
    const opened = await page.goto(link.href)
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer')
    expect(await alertsOf(context)).toHaveLength(1)
    await page.getByRole('button', { name: 'Delete this alert' }).click()
    await page.waitForURL(`${site.url}/alerts/delete?done=deleted`)
    await page.getByText('The alert was deleted').waitFor()
    expect(await alertsOf(context)).toEqual([])
  })
})
