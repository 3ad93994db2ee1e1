import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

// Network answers come through MSW (mocks/handlers/market.ts: the sample list is page 1).
configure({ asyncUtilTimeout: 5000 })

/** The list query's page, as the site asked for it. */
const listPage = (request: Request) => new URL(request.url).searchParams.get('page')

describe('the full list', () => {
  it('shows a page of coins with their figures, sparklines and links to their pages', async () => {
    await renderApp('/coins')
    const table = await screen.findByRole('table', { name: /coins by market cap/i })
    const bitcoin = within(table).getByRole('rowheader', { name: /bitcoin/i })
    const row = bitcoin.closest('tr') as HTMLElement
    expect(within(row).getByText('$97,412.00')).toBeVisible()
    expect(within(row).getByRole('img', { name: /^Last 7 days: up/ })).toBeVisible()
    expect(within(bitcoin).getByRole('link')).toHaveAttribute('href', '/coins/bitcoin')
    // The sample's 21 coins are one page: no page links.
    expect(screen.queryByRole('navigation', { name: /pages of the list/i })).toBeNull()
  })

  it('links pages with rel prev and next, and the pages around the current one', async () => {
    server.use(
      http.get('*/coins/markets', ({ request }) => {
        const page = Number(listPage(request))
        const coins = Array.from({ length: 100 }, (_, i) => ({
          id: `coin-${(page - 1) * 100 + i + 1}`,
          symbol: 'c',
          name: `Coin ${(page - 1) * 100 + i + 1}`,
          current_price: 1,
        }))
        return HttpResponse.json(coins, { headers: { 'X-Market-List-Pages': '20' } })
      }),
    )
    await renderApp('/coins?page=5&currency=eur')
    // A hundred rows in jsdom: past the suite's 5 s on a loaded 2-core machine (failed at load 18).
    expect(
      await screen.findByRole('rowheader', { name: /coin 401/i }, { timeout: 20_000 }),
    ).toBeVisible()
    const pages = screen.getByRole('navigation', { name: /pages of the list/i })
    expect(within(pages).getByRole('link', { name: /previous/i })).toHaveAttribute(
      'href',
      '/coins?page=4&currency=eur',
    )
    const next = within(pages).getByRole('link', { name: /next/i })
    expect(next).toHaveAttribute('rel', 'next')
    expect(next).toHaveAttribute('href', '/coins?page=6&currency=eur')
    expect(within(pages).getByRole('link', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/coins?currency=eur',
    )
    expect(within(pages).getByRole('link', { name: 'Page 20' })).toBeVisible()
    expect(within(pages).queryByRole('link', { name: 'Page 10' })).toBeNull()
  })

  it('says a deeper page is not available offline, with a countdown, never a skeleton', async () => {
    server.use(
      http.get('*/coins/markets', () =>
        HttpResponse.json(
          { error: 'upstream_unavailable', message: 'Unreachable.' },
          { status: 503, headers: { 'Retry-After': '15' } },
        ),
      ),
    )
    await renderApp('/coins?page=2')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Page 2 of the list is not available offline')
    expect(alert).toHaveTextContent(/try again in (15|14) s/)
    expect(document.querySelector('.skeleton')).toBeNull()
  })

  it('is the not-found page past the end of the list', async () => {
    server.use(
      http.get('*/coins/markets', () =>
        HttpResponse.json({ error: 'no_such_page', message: 'No such page.' }, { status: 404 }),
      ),
    )
    await renderApp('/coins?page=30')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
  })
})

describe('a coin opened from the list', () => {
  it('shows its price, key figures and title at once, while its details and chart load', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/coins')
    const link = await screen.findByRole('link', { name: /solana/i })
    // The coin's own requests never answer: what shows comes from its row.
    server.use(
      http.get('*/coins/solana', async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
      http.get('*/coins/solana/market_chart', async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    await user.click(link)
    expect(await screen.findByRole('heading', { level: 1, name: 'Solana SOL' })).toBeVisible()
    expect(screen.getByText('$142.86', { selector: '.coin-page__price-value' })).toBeVisible()
    expect(screen.getByText('Market cap', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '$78,503,302,114',
    )
    expect(document.title).toBe('Solana (SOL) price — Coinvera')
    expect(router.state.location.pathname).toBe('/coins/solana')
    expect(screen.getByText('Loading the description…')).toBeInTheDocument()
  })

  it('says when its chart and description are unavailable, with a countdown', async () => {
    const user = userEvent.setup()
    await renderApp('/coins')
    const link = await screen.findByRole('link', { name: /solana/i })
    const limited = () =>
      HttpResponse.json(
        { error: 'rate_limited', message: 'Too many.' },
        { status: 429, headers: { 'Retry-After': '20' } },
      )
    server.use(
      http.get('*/coins/solana', limited),
      http.get('*/coins/solana/market_chart', limited),
    )
    await user.click(link)
    expect(
      await screen.findByText('$142.86', { selector: '.coin-page__price-value' }),
    ).toBeVisible()
    // Each part says it for itself, as its own request is refused.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2))
    // The countdown starts at the answer's Retry-After and may have ticked on a busy machine.
    expect(screen.getAllByRole('alert').map((note) => note.textContent)).toEqual([
      expect.stringMatching(/^Chart unavailable right now — try again in (20|19|18)\u00a0s/),
      expect.stringMatching(/^Description unavailable right now — try again in (20|19|18)\u00a0s/),
    ])
  })
})

describe("the full list's orders", () => {
  it('are its figures, not its star or sparkline, so ?sort= cannot name them', async () => {
    const { COIN_LIST_SORTS } = await import('./coin-list-table')
    expect(COIN_LIST_SORTS).toEqual([
      'rank',
      'name',
      'price',
      'change_1h',
      'change',
      'change_7d',
      'volume',
      'market_cap',
    ])
  })
})
