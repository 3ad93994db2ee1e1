import { screen } from '@testing-library/react'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { createMemoryHistory } from '@tanstack/react-router'
import { server } from '../../mocks/node'
import { DEFAULT_MARKET_LIST_PAGES, MARKET_LIST_PER_PAGE } from '@contract/market-list'
import { formatNumber } from '@/lib/format'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from '@/router'
import { renderApp } from '../../tests/render'
import { coinPath } from '@contract/coin-id'

describe('routes', () => {
  it('renders the home page before market data arrives', async () => {
    // The market API never answers: the page must not wait for it.
    server.use(
      http.get('*/coins/markets', async () => {
        await delay('infinite')
        return HttpResponse.json([])
      }),
      http.get('*/search/trending', async () => {
        await delay('infinite')
        return HttpResponse.json({ coins: [] })
      }),
    )
    await renderApp('/')
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: /better business with cryptocurrency/i,
      }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { name: /top 7 trending search coins/i }),
    ).toBeInTheDocument()
  })

  it.each([
    ['/', ['global', 'markets', 'trending']],
    ['/crypto', ['global', 'markets']],
  ])('the loader of %s starts its queries without waiting for them', async (path, kinds) => {
    // No market answer ever comes: whatever the loader started stays fetching.
    const requested: string[] = []
    const never = (kind: string) => async () => {
      requested.push(kind)
      await delay('infinite')
      return HttpResponse.json({})
    }
    server.use(
      http.get('*/coins/markets', never('markets')),
      http.get('*/search/trending', never('trending')),
      http.get('*/global', never('global')),
    )
    const queryClient = createQueryClient({ queries: { retry: false } })
    const router = createAppRouter(queryClient, {
      history: createMemoryHistory({ initialEntries: [path] }),
    })
    // Resolves although no answer ever comes; nothing renders here, so only the loader asks.
    await router.load()
    // The loader starts each query in a task of its own (prefetchInOwnTask): one task later,
    // every one has started.
    await new Promise((resolve) => setTimeout(resolve, 0))
    const fetching = queryClient
      .getQueryCache()
      .findAll({ fetchStatus: 'fetching' })
      .map((query) => query.queryKey[1])
    expect(fetching.sort()).toEqual(kinds)
    // Their requests reach the network a moment later; none is answered, so none can go.
    await expect.poll(() => requested.toSorted()).toEqual(kinds)
    queryClient.clear()
  })

  it('shows the prices once they arrive', async () => {
    await renderApp('/crypto')
    expect(await screen.findByRole('rowheader', { name: /bitcoin/i })).toBeInTheDocument()
    expect(screen.getAllByRole('row')).toHaveLength(7) // header + 6 coins
  })

  it('/ says as many coins as the full list holds', async () => {
    await renderApp('/')
    const hero = await screen.findByRole('region', { name: /better business with cryptocurrency/i })
    const coins = formatNumber(DEFAULT_MARKET_LIST_PAGES * MARKET_LIST_PER_PAGE)
    expect(hero).toHaveTextContent(`Track the prices of the top ${coins} cryptocurrencies`)
  })

  it.each([
    ['/', /cryptocurrency/i],
    ['/crypto', /prices/i],
    ['/contact', /contact/i],
    ['/signup', /sign up/i],
    ['/signin', /sign in/i],
  ])('gives %s its own title', async (path, title) => {
    await renderApp(path)
    await screen.findAllByRole('heading', { level: 1 })
    expect(document.title).toMatch(title)
  })

  it.each(['hive_dollar', '1move token', 'boringdao-[old]', '_'])(
    'links the real coin id %s to the path the server serves, and opens its page there',
    async (id) => {
      const router = createAppRouter(createQueryClient())
      const { href } = router.buildLocation({ to: '/coins/$coinId', params: { coinId: id } })
      expect(href).toBe(coinPath(id))
      const history = createMemoryHistory({ initialEntries: [href] })
      const opened = createAppRouter(createQueryClient(), { history })
      await opened.load()
      expect(opened.state.matches.at(-1)?.params).toEqual({ coinId: id })
      expect(opened.state.matches.at(-1)?.status).not.toBe('notFound')
    },
  )

  it('shows a not-found page for an unknown path', async () => {
    await renderApp('/no-such-page')
    expect(
      await screen.findByRole('heading', { level: 1, name: /page not found/i }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/')
  })

  // The home page keeps the product's own words (seed-content.test.tsx); what we write does not
  // sell what the site lacks.
  it.each(['/signin', '/signup'])('%s promises no feature the site does not have', async (path) => {
    await renderApp(path)
    await screen.findAllByRole('heading', { level: 1 })
    // No trading, fees, newsletter or app to install exists.
    expect(document.body.textContent ?? '').not.toMatch(
      /\b(buy|sell|trad(e|ing)|fees?|deposit|wallet|portfolio|digest|newsletter|subscribe|app store|google play)\b/i,
    )
  })

  // Price alerts exist: the home page may speak of them, and leads to the form.
  it('/ speaks of price alerts only with a link to where one is created', async () => {
    await renderApp('/')
    await screen.findAllByRole('heading', { level: 1 })
    const link = screen.getByRole('link', { name: "set one on a coin's page" })
    expect(link).toHaveAttribute('href', '/coins/bitcoin#price-alert')
    expect(link.closest('p')?.textContent).toMatch(/price alerts by email/i)
  })
})
