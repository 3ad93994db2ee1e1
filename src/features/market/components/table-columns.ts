import { CURRENCY_NAMES, type Currency } from '@contract/currency'

/** Rows the skeleton draws: the page asks for exactly this many coins. */
export const SKELETON_ROWS = 6

/** The table's caption: what it lists, and in which currency. */
export const caption = (currency: Currency) =>
  `Top ${SKELETON_ROWS} cryptocurrencies by market cap, prices in ${CURRENCY_NAMES[currency]}`

type Column = {
  id: string
  header: string
  /** Shown instead of the header on phones; the header stays for screen readers. */
  short?: string
  /** A line under the header saying what a terse header means, for every visitor. */
  note?: string
  className: string
}

/**
 * The price list's columns, shared by the table (market-table.tsx, with TanStack Table) and its
 * skeleton, which renders without the table code: header text and one class per column (widths,
 * alignment, and the two columns phones do not show).
 */
export const COLUMNS = [
  { id: 'market_cap_rank', header: 'Market Rank', short: '#', className: 'col-rank' },
  { id: 'name', header: 'Name', className: 'col-name' },
  { id: 'current_price', header: 'Current price', className: 'col-price col-number' },
  { id: 'price_change_percentage_24h', header: '24hrs %', className: 'col-change col-number' },
  {
    id: 'market_cap_change_24h',
    header: 'Mkt cap 24',
    note: 'Market cap change, 24 h',
    className: 'col-cap-change col-number',
  },
  { id: 'total_volume', header: 'Volume 24hrs', className: 'col-volume col-number col-wide' },
  { id: 'market_cap', header: 'Mkt cap', className: 'col-cap col-number col-wide' },
] as const satisfies readonly Column[]

export type ColumnId = (typeof COLUMNS)[number]['id']

export const columnById = Object.fromEntries(
  COLUMNS.map((column) => [column.id, column]),
) as Record<ColumnId, Column>
