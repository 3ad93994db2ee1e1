/** Rows the skeleton draws: the page asks for exactly this many coins. */
export const SKELETON_ROWS = 6

export const CAPTION = `Top ${SKELETON_ROWS} cryptocurrencies by market cap, prices in US dollars`

/**
 * The price list's columns, shared by the table (market-table.tsx, with TanStack Table) and its
 * skeleton, which renders without the table code: header text and one class per column (widths,
 * alignment, and the two columns phones do not show).
 */
export const COLUMNS = [
  { id: 'market_cap_rank', header: 'Market Rank', className: 'col-rank' },
  { id: 'name', header: 'Name', className: 'col-name' },
  { id: 'current_price', header: 'Current price', className: 'col-price col-number' },
  { id: 'price_change_percentage_24h', header: '24hrs %', className: 'col-change col-number' },
  { id: 'market_cap_change_24h', header: 'Mkt cap 24', className: 'col-cap-change col-number' },
  { id: 'total_volume', header: 'Volume 24hrs', className: 'col-volume col-number col-wide' },
  { id: 'market_cap', header: 'Mkt cap', className: 'col-cap col-number col-wide' },
] as const

export type ColumnId = (typeof COLUMNS)[number]['id']

export const columnClass = Object.fromEntries(
  COLUMNS.map((column) => [column.id, column.className]),
) as Record<ColumnId, string>

export const headerOf = Object.fromEntries(
  COLUMNS.map((column) => [column.id, column.header]),
) as Record<ColumnId, string>
