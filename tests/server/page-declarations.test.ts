// The route renderer (src/entry-server.tsx) puts into a page the data of the queries its routes
// declare (src/router.ts), and no other: the browser takes only those, each checked by its schema.
import { describe, expect, it } from 'vitest'
import {
  type GlobalData,
  type MarketsData,
  type TrendingData,
  type TrendingResponse,
  trendingItems,
} from '@contract/market'
import coinsMarkets from '../../mocks/fixtures/coins-markets.json'
import globalFixture from '../../mocks/fixtures/global.json'
import trendingFixture from '../../mocks/fixtures/search-trending.json'
import { DATA_PAGES } from '../../server/site/pages'
import { render } from '../../src/entry-server'

const viewer = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }
const markets = {
  coins: coinsMarkets.slice(0, 6),
  meta: { source: 'cache', updatedAt: new Date().toISOString() },
} as MarketsData

const meta = { source: 'cache', updatedAt: new Date().toISOString() } as const
const global = { stats: globalFixture.data, meta } as GlobalData
const trending = {
  coins: trendingItems(trendingFixture as unknown as TrendingResponse),
  meta,
} as TrendingData

/** The query keys a rendered page carries, from its data block. */
function carriedKeys(state: string | null): unknown[][] {
  const json = state?.slice(state.indexOf('>') + 1, state.lastIndexOf('</script>'))
  const parsed = JSON.parse(json ?? '{"queries":[]}') as { queries: { queryKey: unknown[] }[] }
  return parsed.queries.map((query) => query.queryKey)
}

describe('a rendered page carries what its routes declare', () => {
  it("the price list on /, where the page shows it, and not on a page that doesn't", async () => {
    const home = await render('/', { markets })
    expect(carriedKeys(home.state)).toEqual([['market', 'markets', expect.anything()]])
    expect(home.html).toContain(markets.coins[0]?.name)
    const contact = await render('/contact', { markets, viewer })
    expect(carriedKeys(contact.state)).toEqual([['auth', 'session']])
  })

  // The server gathers a list page's data by the page (DATA_PAGES): given every list, the page
  // carries just those its route declares, so the two cannot drift apart unseen.
  it.each(Object.entries(DATA_PAGES))(
    'the lists the server gathers for %s are those its route declares',
    async (path, lists) => {
      const { state } = await render(path, { markets, global, trending })
      const carried = carriedKeys(state).map((key) => key[1])
      expect(carried.sort()).toEqual([...lists].sort())
    },
  )

  it.each(['/no-such-page', '/coins/no-such-coin', '/watchlist'])(
    'the signed-in visitor and their stars on every page: %s',
    async (path) => {
      const notFound = path.includes('no-such') ? true : undefined
      const { html, state } = await render(path, {
        viewer,
        notFound,
        watchlist: { coins: ['bitcoin'] },
      })
      expect(carriedKeys(state)).toEqual(
        expect.arrayContaining([
          ['auth', 'session'],
          ['watchlist', 'account'],
        ]),
      )
      expect(html).toContain('Ada')
    },
  )
})

/** Why the page says a query has no data, by query hash, from its data block. */
function carriedUnavailable(state: string | null): unknown[] {
  const json = state?.slice(state.indexOf('>') + 1, state.lastIndexOf('</script>'))
  return (JSON.parse(json ?? '{}') as { unavailable?: unknown[] }).unavailable ?? []
}

describe('each query takes its own answer from the gathered data, and no other', () => {
  it('a price list gathered in dollars is not carried for a page in euros', async () => {
    const euros = await render('/?currency=eur', { markets })
    expect(carriedKeys(euros.state)).toEqual([])
    expect(euros.html).not.toContain(markets.coins[0]?.name)
    const dollars = await render('/?currency=usd', { currency: 'usd', markets })
    expect(carriedKeys(dollars.state)).toEqual([['market', 'markets', expect.anything()]])
  })

  it("why a coin has no data goes with that coin's details, not another's", async () => {
    const why = { reason: 'busy' as const, seconds: 7 }
    const other = await render('/coins/bitcoin', { coinUnavailable: { id: 'ethereum', ...why } })
    expect(carriedUnavailable(other.state)).toEqual([])
    const own = await render('/coins/bitcoin', {
      coinUnavailable: { id: 'bitcoin', name: 'Bitcoin', ...why },
    })
    expect(carriedUnavailable(own.state)).toEqual([
      { queryHash: JSON.stringify(['coin', 'bitcoin', 'detail']), ...why },
    ])
    expect(carriedKeys(own.state)).toEqual([['coin', 'bitcoin', 'name']])
    expect(own.html).toContain('Bitcoin')
  })
})

describe('the portfolio page', () => {
  const transactions = [
    {
      id: '6c0d1c8e-2f4a-4b7e-9a51-0d2b8f3c1a11',
      type: 'buy' as const,
      coinId: 'bitcoin',
      quantity: '0.5',
      price: '40000',
      currency: 'usd' as const,
      at: '2026-01-02T10:30:00Z',
      fee: '0',
      note: '',
    },
  ]
  const bitcoin = markets.coins[0]
  const rows = [
    {
      status: 'priced' as const,
      id: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'btc',
      image: null,
      price: 60000,
      change24h: 2,
      marketCap: bitcoin?.market_cap,
      meta: { source: 'cache' as const, updatedAt: new Date().toISOString() },
    },
  ]

  it('carries the viewer’s transactions and their prices, and shows the holdings', async () => {
    const { html, state } = await render('/portfolio', {
      viewer,
      portfolio: { transactions, rows },
    })
    expect(carriedKeys(state)).toEqual(
      expect.arrayContaining([
        ['auth', 'session'],
        ['portfolio', 'account'],
        ['portfolio', 'prices', 'usd', ['bitcoin']],
      ]),
    )
    // The holdings table, the totals and the allocation drawing, in the HTML.
    expect(html).toContain('Your holdings, in US dollars')
    expect(html).toContain('$30,000.00')
    expect(html).toContain('Total value')
    expect(html).toMatch(/<svg[^>]*portfolio__bar/)
    // No inline style attribute: the page's CSP would refuse it.
    expect(html).not.toContain(' style="')
  })

  it('carries nothing of a portfolio on another page', async () => {
    const { state } = await render('/watchlist', { viewer, portfolio: { transactions, rows } })
    expect(carriedKeys(state)).not.toContainEqual(['portfolio', 'account'])
  })
})
