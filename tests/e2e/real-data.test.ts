import { describe, expect, it } from 'vitest'
import { formatPrice } from '../../src/lib/format'
import { REAL_SETS, type RealSet, realCapture, serveReal } from '../support/real-captures'
import { VIEWPORTS, visit } from './support/browser'
import { setUpSite, waitForPrices } from './support/site'

// The built site in Chromium over a fake CoinGecko answering with real captured bodies (the 2025
// coin list, the top 250 of 2023, 2025's trending and global, Ethereum's details of 2024): every
// page shows their figures, and none is marked as sample data.
const [, recent] = REAL_SETS as [RealSet, RealSet]
const MARKETS = JSON.parse(realCapture('coins-markets-2023-07.json')) as {
  id: string
  name: string
  current_price: number
}[]
const ETHEREUM = JSON.parse(realCapture('coins-ethereum-2024-04.json'))
const [first] = MARKETS as [(typeof MARKETS)[number]]

const site = setUpSite({
  env: (upstream) => {
    serveReal(upstream, recent)
    // No capture is Ethereum's chart: a real chart of 2023 stands in for it.
    const chart = realCapture('market-chart-2023-03.json')
    upstream.behave({ kind: 'ok', body: chart }, 'coins/ethereum/market_chart')
    return { UPSTREAM_CALLS_PER_MIN: '1000', COIN_MISS_RATE_LIMIT: '1000' }
  },
})

describe('the site on real CoinGecko data', () => {
  it.each(['/', '/crypto', '/coins'])(
    '%s lists the real coins at their real prices',
    async (path) => {
      const { page, problems } = await site.open(VIEWPORTS[0])
      await visit(page, `${site.url}${path}`)
      if (path !== '/coins') await waitForPrices(page)
      const row = page.locator('table tbody tr').first()
      await row.waitFor()
      expect(await row.textContent()).toContain(first.name)
      expect(await row.textContent()).toContain(formatPrice(first.current_price))
      expect(await page.getByText('Sample data').count()).toBe(0)
      expect(problems).toEqual([])
    },
  )

  it('shows a coin’s real figures, and search finds it first', async () => {
    const { page, problems } = await site.open(VIEWPORTS[0])
    await visit(page, `${site.url}/coins/ethereum`)
    // Its list row's price (a coin on a held page of the list opens from it) or its details'.
    const row = MARKETS.find((coin) => coin.id === 'ethereum')
    const real = [row?.current_price, ETHEREUM.market_data.current_price.usd].map((p) =>
      formatPrice(p),
    )
    const price = page.locator('.coin-page__price-value')
    await price.waitFor()
    expect(real).toContain(await price.textContent())
    expect(await page.title()).toBe('Ethereum (ETH) price — Coinvera')
    expect(await page.getByText('Sample data').count()).toBe(0)
    await visit(page, `${site.url}/search?q=ethereum`)
    await expect.poll(() => page.locator('.coin-match').first().textContent()).toContain('Ethereum')
    expect(problems).toEqual([])
  })
})
