import { QueryClientProvider } from '@tanstack/react-query'
import { configure, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { InRouter } from '../../../../tests/render'
import searchTrending from '../../../../mocks/fixtures/search-trending.json'
import { server } from '../../../../mocks/node'
import { TrendingSection } from './trending-section'

// Network answers come through MSW; under a loaded CI machine they can take over a second.
configure({ asyncUtilTimeout: 5000 })

function renderSection() {
  const client = createQueryClient({ queries: { retry: false } })
  return render(
    <QueryClientProvider client={client}>
      <InRouter>
        <TrendingSection />
      </InRouter>
    </QueryClientProvider>,
  )
}

describe('TrendingSection', () => {
  it('lists exactly 7 coins with large image, name, symbol and rank', async () => {
    renderSection()
    const list = await screen.findByRole('list')
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(7)
    const first = within(items[0] as HTMLElement)
    expect(first.getByRole('heading', { name: 'Pudgy Penguins' })).toBeInTheDocument()
    expect(first.getByText('PENGU')).toBeInTheDocument()
    expect(first.getByText('#84')).toBeInTheDocument()
    expect((items[0] as HTMLElement).querySelector('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/large/'),
    )
    expect(screen.getByRole('link', { name: 'CoinGecko' })).toHaveAttribute(
      'href',
      'https://www.coingecko.com',
    )
  })

  it('replaces a broken coin image with a monogram', async () => {
    renderSection()
    const list = await screen.findByRole('list')
    const firstImage = list.querySelector('img') as HTMLImageElement
    fireEvent.error(firstImage)
    expect(
      within(list).getAllByRole('listitem')[0]?.querySelector('.coin-monogram'),
    ).toHaveTextContent('PENG')
  })

  it("links each coin's name to its coin page", async () => {
    renderSection()
    const link = await screen.findByRole('link', { name: 'Pudgy Penguins' })
    expect(link).toHaveAttribute('href', '/coins/pudgy-penguins')
  })

  it('shows placeholders of the final size while loading', async () => {
    server.use(
      http.get('*/search/trending', async () => {
        await delay('infinite')
        return HttpResponse.json({ coins: [] })
      }),
    )
    const { container } = renderSection()
    expect(await screen.findByText(/loading trending coins/i)).toHaveAttribute('role', 'status')
    expect(container.querySelectorAll('.trending__card--skeleton')).toHaveLength(7)
  })

  it('offers a retry when trending coins fail', async () => {
    server.use(http.get('*/search/trending', () => HttpResponse.error()))
    const user = userEvent.setup()
    renderSection()
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't load trending/i)
    server.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findAllByRole('listitem')).toHaveLength(7)
  })

  it('labels sample data in its heading and says why; live data gets neither', async () => {
    server.use(
      http.get('*/search/trending', () =>
        HttpResponse.json(searchTrending, { headers: { 'X-Data-Source': 'sample' } }),
      ),
    )
    const { unmount } = renderSection()
    expect(await screen.findByText('Live prices are unavailable')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2 })).toHaveAccessibleName(
      'Top 7 Trending Search Coins Sample data',
    )
    unmount()
    server.resetHandlers()
    renderSection()
    await screen.findAllByRole('listitem')
    expect(screen.getByRole('heading', { level: 2 })).toHaveAccessibleName(
      'Top 7 Trending Search Coins',
    )
    expect(screen.queryByText(/sample|unavailable/i)).not.toBeInTheDocument()
  })
})
