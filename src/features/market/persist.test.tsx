import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, configure, render, screen, within } from '@testing-library/react'
import { delay, HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserStorage } from '@/lib/persist'
import { createQueryClient } from '@/lib/query-client'
import { InRouter } from '../../../tests/render'
import coinsMarkets from '../../../mocks/fixtures/coins-markets.json'
import searchTrending from '../../../mocks/fixtures/search-trending.json'
import { server } from '../../../mocks/node'
import { PriceSection } from './components/price-section'
import { TrendingSection } from './components/trending-section'
import { marketQueries, persistMarketLists } from './queries'

configure({ asyncUtilTimeout: 5000 })

// Today at 14:32: the note gives the time alone for data of the same day.
const today = new Date()
const UPDATED_AT = new Date(
  today.getFullYear(),
  today.getMonth(),
  today.getDate(),
  14,
  32,
).toISOString()

/** A client set up as src/main.tsx sets up the site's. */
function persistingClient() {
  const client = createQueryClient({ queries: { retry: false } })
  persistMarketLists(client, browserStorage())
  return client
}

/** What a first visit leaves in storage: both lists, as the server sent them. */
async function firstVisit() {
  const headers = { 'X-Data-Source': 'live', 'X-Data-Updated-At': UPDATED_AT }
  server.use(
    http.get('*/coins/markets', () => HttpResponse.json(coinsMarkets, { headers })),
    http.get('*/search/trending', () => HttpResponse.json(searchTrending, { headers })),
  )
  const client = persistingClient()
  await client.fetchQuery(marketQueries.markets())
  await client.fetchQuery(marketQueries.trending())
  await vi.waitFor(() => expect(storedKeys()).toHaveLength(2))
  client.clear()
  server.resetHandlers()
}

const storedKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('coinvera-'))

function marketsEntry() {
  const key = storedKeys().find((k) => k.includes('"markets"'))
  if (!key) throw new Error('markets were not stored')
  return { key, entry: JSON.parse(localStorage.getItem(key) ?? 'null') }
}

// A test's requests end with it (unmounted, then its client's requests cancelled): a late answer,
// such as the global bar's once the section is near, would otherwise be stored during the next test.
const rendered: QueryClient[] = []
afterEach(async () => {
  cleanup()
  for (const client of rendered.splice(0)) {
    await client.cancelQueries()
    client.clear()
  }
})

function renderSections() {
  const client = persistingClient()
  rendered.push(client)
  render(
    <QueryClientProvider client={client}>
      <InRouter>
        <PriceSection />
        <TrendingSection />
      </InRouter>
    </QueryClientProvider>,
  )
  return client
}

const failEverything = () =>
  server.use(
    http.get('*/coins/markets', () => HttpResponse.error()),
    http.get('*/search/trending', () => HttpResponse.error()),
  )

describe('stored market lists', { timeout: 15_000 }, () => {
  it('are written as soon as they arrive, without waiting for a later change', async () => {
    const client = persistingClient()
    await client.fetchQuery(marketQueries.markets())
    await vi.waitFor(() => expect(storedKeys()).toHaveLength(1))
    const { entry } = marketsEntry()
    expect(entry.state.data.coins).toHaveLength(6)
    expect(entry.buster).toBe(__STORAGE_BUSTER__)
    expect(entry.buster).toMatch(/^[0-9a-f]{16}$/)
  })

  it('show on a revisit before any network answer', async () => {
    await firstVisit()
    server.use(
      http.get('*/coins/markets', () => delay('infinite')),
      http.get('*/search/trending', () => delay('infinite')),
    )
    renderSections()
    expect(await screen.findByRole('rowheader', { name: /bitcoin btc/i })).toBeInTheDocument()
    const trending = screen.getByRole('region', { name: /trending/i })
    expect(await within(trending).findAllByRole('listitem')).toHaveLength(7)
  })

  it('stay on screen with their age when the refresh fails; no error panel', async () => {
    await firstVisit()
    failEverything()
    renderSections()
    expect(await screen.findByRole('rowheader', { name: /bitcoin btc/i })).toBeInTheDocument()
    expect(await screen.findByText("Showing prices from 14:32 — couldn't refresh")).toHaveAttribute(
      'role',
      'status',
    )
    expect(
      await screen.findByText("Showing trending coins from 14:32 — couldn't refresh"),
    ).toHaveAttribute('role', 'status')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('are dropped when they do not match the schema, and the network answers instead', async () => {
    await firstVisit()
    const { key, entry } = marketsEntry()
    entry.state.data.coins = [{ id: 42, name: null }]
    localStorage.setItem(key, JSON.stringify(entry))
    failEverything()
    renderSections()
    // Nothing valid to show: the prices section says it failed rather than drawing junk.
    expect(await screen.findByText(/couldn't load prices/i)).toBeInTheDocument()
    expect(screen.queryByRole('rowheader')).not.toBeInTheDocument()
    expect(localStorage.getItem(key)).toBeNull()
  })

  it('are dropped when another build wrote them or they are over a day old', async () => {
    for (const change of [
      (entry: { buster: string }) => {
        entry.buster = 'an older build'
      },
      (entry: { state: { dataUpdatedAt: number } }) => {
        entry.state.dataUpdatedAt = Date.now() - 24 * 60 * 60 * 1000 - 1000
      },
    ]) {
      await firstVisit()
      const { key, entry } = marketsEntry()
      change(entry)
      localStorage.setItem(key, JSON.stringify(entry))
      server.use(http.get('*/coins/markets', () => HttpResponse.error()))
      const client = persistingClient()
      await expect(client.fetchQuery(marketQueries.markets())).rejects.toThrow()
      expect(localStorage.getItem(key)).toBeNull()
      client.clear()
      localStorage.clear()
    }
  })

  it('are not overwritten by a failed refresh', async () => {
    await firstVisit()
    const before = marketsEntry().entry
    failEverything()
    const client = renderSections()
    await screen.findByText(/Showing prices from 14:32/)
    await vi.waitFor(() =>
      expect(client.getQueryState(marketQueries.markets().queryKey)?.status).toBe('error'),
    )
    expect(marketsEntry().entry).toEqual(before)
  })

  it('are kept per currency, each under its own key, and a newer page wins', async () => {
    const headers = { 'X-Data-Source': 'live', 'X-Data-Updated-At': UPDATED_AT }
    server.use(http.get('*/coins/markets', () => HttpResponse.json(coinsMarkets, { headers })))
    const client = createQueryClient({ queries: { retry: false } })
    const syncWithPage = persistMarketLists(client, browserStorage())
    await client.fetchQuery(marketQueries.markets('eur'))
    await client.fetchQuery(marketQueries.markets('gbp'))
    await vi.waitFor(() => expect(storedKeys()).toHaveLength(2))
    expect(storedKeys().some((key) => key.includes('"vs_currency":"eur"'))).toBe(true)

    // A later page brings GBP newer than stored, and nothing of EUR: GBP is stored, EUR kept.
    const gbp = marketQueries.markets('gbp').queryKey
    const stored = () =>
      JSON.parse(localStorage.getItem(storedKeys().find((k) => k.includes('gbp')) ?? '') ?? '{}')
    // Newer than the stored list's own time (when it was fetched: now, not the data's 14:32).
    const newer = stored().state.dataUpdatedAt + 60_000
    client.clear()
    client.setQueryData(gbp, stored().state.data, { updatedAt: newer })
    await syncWithPage()
    expect(stored().state.dataUpdatedAt).toBe(newer)
    expect(storedKeys()).toHaveLength(2)

    // An older page loses to what is stored: the cache takes the stored list.
    client.clear()
    client.setQueryData(gbp, stored().state.data, { updatedAt: newer - 120_000 })
    await syncWithPage()
    expect(client.getQueryState(gbp)?.dataUpdatedAt).toBe(newer)
  })
})
