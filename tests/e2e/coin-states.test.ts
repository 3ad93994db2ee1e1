import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Behaviour } from '../support/fake-upstream'
import { runAxe, type Size, VIEWPORTS, visit } from './support/browser'
import { type Site, setUpSite, waitForPrices } from './support/site'

// Coin pages with no data to show: each reason the server can have, in the page it sends and by
// a click from search's results. Cardano is in the coin list but on no price list and has no
// sample data: the server has no figures for it but what the upstream answers now.
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../mocks/fixtures/${name}`, import.meta.url), 'utf8'))
const CARDANO_DETAIL = JSON.stringify({
  ...fixture('coins-bitcoin.json'),
  id: 'cardano',
  name: 'Cardano',
})

/** A site whose upstream answers for Cardano so. */
function siteWith(env: Record<string, string>, cardano: Behaviour): Site {
  return setUpSite({
    env: (upstream) => {
      upstream.behave(cardano, 'coins/cardano')
      return env
    },
  })
}

/** Clicks Cardano in search's results and answers the note that appears in the coin's place. */
async function clickToCardano(site: Site, page: Page) {
  await visit(page, `${site.url}/search?q=cardano`)
  await page
    .getByRole('link', { name: /Cardano/ })
    .first()
    .click()
  await page.waitForURL(`${site.url}/coins/cardano`)
  const note = page.locator('.coin-page [role="alert"]')
  await note.waitFor({ timeout: 2000 })
  return note
}

async function expectSettled(page: Page) {
  // Nothing is left drawn as loading (a part still asking may take a retry's pause to say it
  // failed, never longer), and the state is accessible.
  await expect.poll(() => page.locator('.coin-page .skeleton').count(), { timeout: 10_000 }).toBe(0)
  const violations = await runAxe(page)
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
}

const cases: {
  name: string
  env: Record<string, string>
  cardano: Behaviour
  /** What the page does before the click that shows the state (spends the visitor's limit). */
  spendFirst?: (site: Site, page: Page) => Promise<void>
  says: RegExp
  /** The first load's status: 503 while the market is unreachable or the budget spent, else 429. */
  status: number
}[] = [
  {
    name: 'the market source unreachable',
    env: { UPSTREAM_CALLS_PER_MIN: '1000', COIN_MISS_RATE_LIMIT: '1000' },
    cardano: { kind: 'reset' },
    says: /^Live data for this coin can't be reached right now; try again in \d+\u00a0s/,
    status: 503,
  },
  {
    // Three calls a minute: the lists keep two, and the coin list at start-up spent the third.
    name: 'the upstream budget spent',
    env: { UPSTREAM_CALLS_PER_MIN: '3' },
    cardano: { kind: 'ok', body: CARDANO_DETAIL },
    says: /^Too many requests right now; try again in \d+\u00a0s/,
    status: 503,
  },
  {
    name: "the visitor's own limit reached",
    env: { UPSTREAM_CALLS_PER_MIN: '1000', COIN_MISS_RATE_LIMIT: '1' },
    cardano: { kind: 'ok', body: CARDANO_DETAIL },
    // A first coin not cached spends the one miss a minute this visitor has.
    spendFirst: async (site, page) => {
      site.upstream.behave(
        { kind: 'ok', body: CARDANO_DETAIL.replace(/cardano/g, 'dogecoin') },
        'coins/dogecoin',
      )
      await visit(page, `${site.url}/coins/dogecoin`)
      await page.locator('.coin-page__price-value').waitFor()
    },
    says: /^You have opened many coins we had not loaded yet in the last minute; try again in \d+\u00a0s/,
    status: 429,
  },
]

describe.each(cases)('a coin with $name', ({ env, cardano, spendFirst, says, status }) => {
  const site = siteWith(env, cardano)

  it.each(VIEWPORTS)(
    'says so in the page the server sends, and after hydration, at $name',
    async (viewport: Size) => {
      const { page, problems } = await site.open(viewport)
      await spendFirst?.(site, page)
      const response = await visit(page, `${site.url}/coins/cardano`)
      // The reason is in the HTML itself (no script needed), with the status and when to retry.
      expect(response?.status()).toBe(status)
      expect(Number(response?.headers()['retry-after'])).toBeGreaterThan(0)
      expect(response?.headers()['cache-control']).toBe('no-store')
      const html = (await response?.text()) ?? ''
      expect(html).toContain('role="alert"')
      const note = page.locator('.coin-page [role="alert"]')
      await note.waitFor({ timeout: 2000 })
      expect(await note.locator('.load-error__message').textContent()).toMatch(says)
      // Named as the coin list names it, though its data could not be loaded.
      expect(await page.locator('h1').textContent()).toBe('Cardano')
      await expectSettled(page)
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([])
    },
  )

  it.each(VIEWPORTS)(
    'says so at once after a click from search at $name',
    async (viewport: Size) => {
      const { page, problems } = await site.open(viewport)
      await spendFirst?.(site, page)
      const note = await clickToCardano(site, page)
      expect(await note.locator('.load-error__message').textContent()).toMatch(says)
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1)
      await expectSettled(page)
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([])
    },
  )
})

// The real figures the server holds win over the sample, in the page it sends and after the
// browser asks for the coin's details itself (server/market/facts.ts).
describe('a sample coin on the price list whose details fail', () => {
  const REAL_PRICE = 1355.37
  const site = setUpSite({
    env: (upstream) => {
      const markets = fixture('coins-markets.json').map((coin: { id: string }) =>
        coin.id === 'ethereum' ? { ...coin, current_price: REAL_PRICE } : coin,
      )
      upstream.behave({ kind: 'ok', body: JSON.stringify(markets) }, 'coins/markets')
      upstream.behave({ kind: 'status', status: 500 }, 'coins/ethereum')
      return {}
    },
  })

  it.each(VIEWPORTS)('shows its real price, never the sample’s, at $name', async (viewport) => {
    const { page, problems } = await site.open(viewport)
    // The page the server sends.
    await visit(page, `${site.url}/coins/ethereum`)
    const price = page.locator('.coin-page__price-value')
    expect(await price.textContent()).toBe('$1,355.37')
    const badge = page.locator('.coin-page__price .sample-badge')
    expect(await badge.count()).toBe(0)
    // A click from the price list: the browser asks the coin API, whose upstream call fails.
    const asked = page.waitForResponse((r) => r.url().includes('/api/market/coins/ethereum?'))
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    await page.locator('.market-table a.coin-cell[href="/coins/ethereum"]').click()
    await page.waitForURL(`${site.url}/coins/ethereum`)
    expect((await asked).headers()['x-data-source']).not.toBe('sample')
    await expect.poll(() => price.textContent()).toBe('$1,355.37')
    expect(await badge.count()).toBe(0)
    await expectSettled(page)
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([])
  })
})
