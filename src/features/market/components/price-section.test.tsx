import { QueryClientProvider } from '@tanstack/react-query'
import { configure, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { InRouter } from '../../../../tests/render'
import coinsMarkets from '../../../../mocks/fixtures/coins-markets.json'
import { server } from '../../../../mocks/node'
import { PriceSection } from './price-section'
import { realCapture } from '../../../../tests/support/real-captures'

// Network answers come through MSW; under a loaded CI machine they can take over a second.
configure({ asyncUtilTimeout: 5000 })

function renderSection() {
  const client = createQueryClient({ queries: { retry: false } })
  return render(
    <QueryClientProvider client={client}>
      <InRouter>
        <PriceSection />
      </InRouter>
    </QueryClientProvider>,
  )
}

async function rowOf(name: RegExp) {
  const header = await screen.findByRole('rowheader', { name })
  return within(header.closest('tr') as HTMLElement)
}

describe('PriceSection', () => {
  it('shows the exact columns with header scope and a caption', async () => {
    renderSection()
    const table = await screen.findByRole('table')
    const headers = within(table).getAllByRole('columnheader')
    const names = [
      'Market Rank',
      'Name',
      'Current price',
      '24hrs %',
      'Mkt cap 24 Market cap change, 24 h',
      'Volume 24hrs',
      'Mkt cap',
    ]
    expect(headers).toHaveLength(names.length)
    for (const [index, name] of names.entries()) {
      expect(within(table).getByRole('columnheader', { name })).toBe(headers[index])
    }
    for (const th of headers) expect(th).toHaveAttribute('scope', 'col')
    // The short rank header phones show is not read out twice.
    expect(within(headers[0] as HTMLElement).getByText('#')).toHaveAttribute('aria-hidden', 'true')
    expect(table.querySelector('caption')).toHaveTextContent(/cryptocurrencies by market cap/i)
  })

  it('formats a rising coin: rank, name and symbol, price, up in words, numbers', async () => {
    renderSection()
    const row = await rowOf(/bitcoin btc/i)
    const cells = row.getAllByRole('cell')
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '1',
      '$97,412.00',
      // The arrow is the stylesheet's (the e2e tests read it): the words are the page's.
      'up 1.84%',
      '$35,040,512,889.40',
      '$41,852,331,007',
      '$1,938,227,011,865',
    ])
    const change = row.getByText('1.84%', { exact: false })
    expect(change).toHaveClass('change--up')
  })

  it('draws a falling change red with a down arrow and says so in words', async () => {
    renderSection()
    const eth = await rowOf(/ethereum eth/i)
    expect(eth.getByText('-2.42%', { exact: false })).toHaveClass('change--down')
    expect(eth.getByText('down', { exact: false })).toHaveClass('visually-hidden')
    // The market cap fell too: red, after its minus sign.
    expect(eth.getByText('-$10,671,324,112.70')).toHaveClass('change--down')
  })

  it('draws a change of exactly zero as neutral: no arrow, no red', async () => {
    renderSection()
    const bnb = await rowOf(/bnb/i)
    const change = bnb.getByText('0.00%')
    expect(change).toHaveClass('change--flat')
    expect(change).toHaveTextContent(/^0\.00%$/)
    expect(bnb.getAllByRole('cell')[2]).toHaveTextContent(/^0\.00%$/)
  })

  it('links each coin to its coin page from the name cell', async () => {
    renderSection()
    const link = await screen.findByRole('link', { name: /bitcoin btc/i })
    expect(link).toHaveAttribute('href', '/coins/bitcoin')
  })

  it('draws six skeleton rows in the table while loading', async () => {
    server.use(
      http.get('*/coins/markets', async () => {
        await delay('infinite')
        return HttpResponse.json([])
      }),
    )
    const { container } = renderSection()
    expect(await screen.findByText(/loading prices/i)).toHaveAttribute('role', 'status')
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true')
    expect(container.querySelectorAll('tbody tr.data-table__skeleton')).toHaveLength(6)
    expect(screen.getAllByRole('columnheader')).toHaveLength(7)
  })

  it('says when prices fail and retries on request', async () => {
    server.use(http.get('*/coins/markets', () => HttpResponse.error()))
    const user = userEvent.setup()
    renderSection()
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't load prices/i)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()

    server.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('rowheader', { name: /bitcoin/i })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    // Focus lands on the section, not lost with the Retry button.
    expect(screen.getByRole('heading', { name: /cryptocurrency prices/i })).toHaveFocus()
  })

  it('says when the prices are stale', async () => {
    const updatedAt = new Date(2026, 10, 23, 14, 5).toISOString()
    server.use(
      http.get('*/coins/markets', () =>
        HttpResponse.json(coinsMarkets, {
          headers: { 'X-Data-Source': 'stale', 'X-Data-Updated-At': updatedAt },
        }),
      ),
    )
    renderSection()
    expect(await screen.findByText('Prices as of 14:05')).toBeInTheDocument()
  })

  it('says the data’s own time when it is much older than the fetch', async () => {
    // A real answer of 2022, fetched just now: "Updated just now" would pass it off as today's.
    const rows = JSON.parse(realCapture('coins-markets-2022-08.json')).slice(0, 6)
    server.use(
      http.get('*/coins/markets', () =>
        HttpResponse.json(rows, {
          headers: { 'X-Data-Source': 'live', 'X-Data-Updated-At': new Date().toISOString() },
        }),
      ),
    )
    renderSection()
    const line = await screen.findByText(/^Prices from Aug 30, 2022, \d\d:\d\d · stale$/)
    expect(line).toHaveAttribute('dateTime', new Date('2022-08-30T00:06:02.240Z').toISOString())
    expect(screen.queryByText(/^Updated/)).not.toBeInTheDocument()
  })

  it('labels sample data in its heading, says why, and gives it no age', async () => {
    server.use(
      http.get('*/coins/markets', () =>
        HttpResponse.json(coinsMarkets, {
          headers: { 'X-Data-Source': 'sample', 'X-Data-Updated-At': '2026-11-23T08:59:12.148Z' },
        }),
      ),
    )
    renderSection()
    expect(await screen.findByText('Live prices are unavailable')).toBeInTheDocument()
    const heading = screen.getByRole('heading', { name: /cryptocurrency prices/i })
    expect(heading).toHaveAccessibleName("Today's Cryptocurrency Prices Sample data")
    expect(within(heading).getByText('Sample data')).toBeVisible()
    // The sample's own date would read as real prices from days ago.
    expect(screen.queryByText(/updated|ago|stale/i)).not.toBeInTheDocument()
  })

  it('says nothing about freshness for live data, and credits CoinGecko', async () => {
    renderSection()
    await screen.findByRole('rowheader', { name: /bitcoin/i })
    expect(screen.queryByText(/prices as of|sample data/i)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'CoinGecko' })).toHaveAttribute(
      'href',
      'https://www.coingecko.com',
    )
  })
})
