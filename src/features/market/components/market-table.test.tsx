import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { marketsIn } from '../../../../server/market/sample/currencies'
import coinsMarkets from '../../../../mocks/fixtures/coins-markets.json'
import { InRouter } from '../../../../tests/render'
import { MarketsResponseSchema } from '@contract/market'
import type { ColumnSort } from '@/lib/table-sort'
import { MarketTable } from './market-table'

const coins = v.parse(MarketsResponseSchema, coinsMarkets)

function renderTable(sorting: ColumnSort[], list = coins) {
  const onSortingChange = vi.fn()
  render(
    <InRouter>
      <MarketTable coins={list} sorting={sorting} onSortingChange={onSortingChange} />
    </InRouter>,
  )
  return onSortingChange
}

const shownIds = () =>
  screen.getAllByRole('link').map((link) => link.getAttribute('href')?.replace('/coins/', ''))

describe('MarketTable sorting', () => {
  it('shows the given order, and says it on the header with aria-sort', async () => {
    renderTable([{ id: 'change', desc: true }])
    await expect
      .poll(shownIds)
      .toEqual(['ripple', 'bitcoin', 'tether', 'binancecoin', 'ethereum', 'solana'])
    const headers = screen.getAllByRole('columnheader')
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([
      'none',
      'none',
      'none',
      'descending',
      'none',
      'none',
      'none',
    ])
  })

  it('keeps the default order without sorting', async () => {
    renderTable([])
    await screen.findByRole('table')
    expect(shownIds()).toEqual(coins.map((coin) => coin.id))
  })

  it('asks for the next order from a header button, by keyboard too', async () => {
    const user = userEvent.setup()
    const onSortingChange = renderTable([])
    await screen.findByRole('table')
    const button = within(screen.getByRole('columnheader', { name: '24hrs %' })).getByRole('button')
    button.focus()
    await user.keyboard('{Enter}')
    // Numbers start from the largest; names from A.
    await vi.waitFor(() =>
      expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'change', desc: true }]),
    )
    await user.click(screen.getByRole('button', { name: 'Name' }))
    await vi.waitFor(() =>
      expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'name', desc: false }]),
    )
    await user.click(screen.getByRole('button', { name: 'Market Rank' }))
    await vi.waitFor(() =>
      expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'rank', desc: false }]),
    )
  })

  it('goes from descending to ascending to no sort', async () => {
    const user = userEvent.setup()
    const onSortingChange = renderTable([{ id: 'price', desc: false }])
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Current price' }))
    await vi.waitFor(() => expect(onSortingChange).toHaveBeenLastCalledWith([]))
  })

  it('puts coins without the figure last in either direction', async () => {
    const [first, ...rest] = coins
    if (!first) throw new Error('empty fixture')
    const list = [{ ...first, current_price: null }, ...rest]
    for (const desc of [true, false]) {
      renderTable([{ id: 'price', desc }], list)
      await expect.poll(() => shownIds().at(-1), { message: String(desc) }).toBe(first.id)
      cleanup()
    }
  })
})

describe('MarketTable figures', () => {
  it.each([
    ['usd', '$41,852,331,007', '$1,938,227,011,865'],
    ['jpy', '¥6,504,270,761,798', '¥301,219,859,913,940'],
    ['btc', '₿429,642', '₿19,897,210'],
  ] as const)('gives volume and market cap in %s with its sign', async (currency, volume, cap) => {
    const rows = marketsIn(coinsMarkets, currency)
    render(
      <InRouter>
        <MarketTable coins={v.parse(MarketsResponseSchema, rows)} currency={currency} />
      </InRouter>,
    )
    const bitcoin = (await screen.findByRole('rowheader', { name: /bitcoin/i })).closest('tr')
    if (!bitcoin) throw new Error('no row for bitcoin')
    const cells = within(bitcoin).getAllByRole('cell')
    expect(cells.at(-2)).toHaveTextContent(volume)
    expect(cells.at(-1)).toHaveTextContent(cap)
  })
})

describe('MarketTable columns on small screens', () => {
  /** A window `width` px wide, as far as the table's media queries can tell. */
  function screenOf(width: number) {
    vi.stubGlobal('matchMedia', (query: string) => {
      const max = Number(/max-width: ([\d.]+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY)
      return {
        matches: width <= max,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }
    })
  }

  it.each([
    [375, ['Market Rank', 'Name', 'Current price', '24hrs %', 'Mkt cap 24']],
    [
      1280,
      ['Market Rank', 'Name', 'Current price', '24hrs %', 'Mkt cap 24', 'Volume 24hrs', 'Mkt cap'],
    ],
  ])("at %i px the table's column visibility keeps %j", async (width, headers) => {
    screenOf(width)
    try {
      renderTable([])
      const table = await screen.findByRole('table')
      const names = () =>
        within(table)
          .getAllByRole('columnheader')
          .map((header) => (header.querySelector('.column-header__full') ?? header).textContent)
          .map((name) => name?.replace(/Market cap change, 24 h$/, '').trim())
      // The columns leave the table in a transition after the first render.
      await vi.waitFor(() => expect(names()).toEqual(headers))
      // Rows have as many cells as the header has columns.
      const bitcoin = screen.getByRole('rowheader', { name: /bitcoin/i }).closest('tr')
      expect(bitcoin?.children).toHaveLength(headers.length)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
