import { memo, useMemo } from 'react'
import { CURRENCY_NAMES, type Currency } from '@contract/currency'
import type { MarketCoin } from '@contract/market'
import { Change } from '@/components/change'
import { CoinLink } from '@/components/coin-link'
import { CoinStar } from '@/components/coin-star'
import {
  columnHelper,
  DataTable,
  FIGURE_SORT,
  type ListColumn,
  sortableIds,
  useListTable,
} from '@/components/data-table'
import { formatMoneyChange, formatNumber, formatRank } from '@/lib/format'
import type { ColumnSort } from '@/lib/table-sort'
import { PriceCell } from './price-cell'
import { figureWidth } from '@/lib/figure-width'

const COIN_IMAGE_SIZE = 32

/** Rows the skeleton draws: the page asks for exactly this many coins. */
const SKELETON_ROWS = 6

/** What the list's rows are priced in: every cell reads it from the table's meta. */
type Row = { coin: MarketCoin; currency: Currency }

/** The table's caption: what it lists, and in which currency. */
const caption = (currency: Currency) =>
  `Top ${SKELETON_ROWS} cryptocurrencies by market cap, prices in ${CURRENCY_NAMES[currency]}`

/**
 * A header's words: `short` instead on phones (the full words stay for screen readers), `note`
 * under a terse header, saying what it means to every visitor.
 */
function HeaderText({ text, short, note }: { text: string; short?: string; note?: string }) {
  if (short) {
    return (
      <>
        <span className="column-header__short" aria-hidden="true">
          {short}
        </span>
        <span className="column-header__full">{text}</span>
      </>
    )
  }
  if (note) {
    return (
      <>
        {text} <span className="column-header__note">{note}</span>
      </>
    )
  }
  return text
}

/** The market cap's change in the list's currency: red when it fell, beside its minus sign. */
function CapChange({ value, currency }: { value: number | null | undefined; currency: Currency }) {
  const text = formatMoneyChange(value, currency)
  return text.startsWith('-') ? <span className="change--down">{text}</span> : text
}

const column = columnHelper<Row>()

/**
 * The price list's columns. Their ids are the address's names for their orders
 * (`?sort=price_desc`); numbers sort from the largest first, names from A, the rank from 1.
 */
const COLUMNS: ListColumn<Row>[] = [
  column.accessor(({ coin }) => coin.market_cap_rank ?? undefined, {
    id: 'rank',
    header: () => <HeaderText text="Market Rank" short="#" />,
    // The watchlist's star leads the row, in the rank's cell, which has room for it.
    cell: ({ row: { original } }) => (
      <span className="rank-cell">
        <CoinStar coinId={original.coin.id} name={original.coin.name} />
        {formatRank(original.coin.market_cap_rank ?? undefined)}
      </span>
    ),
    ...FIGURE_SORT,
    sortDescFirst: false,
    meta: { className: 'col-rank' },
  }),
  column.accessor(({ coin }) => coin.name, {
    id: 'name',
    header: 'Name',
    cell: ({ row: { original } }) => (
      <CoinLink coin={original.coin} currency={original.currency} imageSize={COIN_IMAGE_SIZE} />
    ),
    sortFn: (a, b) => a.original.coin.name.localeCompare(b.original.coin.name, 'en'),
    meta: { className: 'col-name', rowHeader: true },
  }),
  column.accessor(({ coin }) => coin.current_price ?? undefined, {
    id: 'price',
    header: 'Current price',
    cell: ({ row: { original } }) => (
      <PriceCell value={original.coin.current_price ?? undefined} currency={original.currency} />
    ),
    ...FIGURE_SORT,
    meta: { className: 'col-price col-number' },
  }),
  column.accessor(({ coin }) => coin.price_change_percentage_24h ?? undefined, {
    id: 'change',
    header: '24hrs %',
    cell: ({ getValue }) => <Change value={getValue()} />,
    ...FIGURE_SORT,
    meta: { className: 'col-change col-number' },
  }),
  column.accessor(({ coin }) => coin.market_cap_change_24h ?? undefined, {
    id: 'cap_change',
    header: () => <HeaderText text="Mkt cap 24" note="Market cap change, 24 h" />,
    cell: ({ row: { original } }) => (
      <CapChange value={original.coin.market_cap_change_24h} currency={original.currency} />
    ),
    ...FIGURE_SORT,
    meta: { className: 'col-cap-change col-number' },
  }),
  column.accessor(({ coin }) => coin.total_volume ?? undefined, {
    id: 'volume',
    header: 'Volume 24hrs',
    cell: ({ row: { original } }) => formatNumber(original.coin.total_volume, original.currency),
    ...FIGURE_SORT,
    // Phones show rank, coin, price and the two changes (market.css, the same breakpoint).
    meta: { className: 'col-volume col-number col-wide', hideBelow: 768 },
  }),
  column.accessor(({ coin }) => coin.market_cap ?? undefined, {
    id: 'market_cap',
    header: 'Mkt cap',
    cell: ({ row: { original } }) => formatNumber(original.coin.market_cap, original.currency),
    ...FIGURE_SORT,
    meta: { className: 'col-cap col-number col-wide', hideBelow: 768 },
  }),
]

/** The ids `?sort=` may name on the price list. */
export const PRICE_LIST_SORTS = sortableIds(COLUMNS)

const rowId = (row: Row) => row.coin.id
const NO_ROWS: Row[] = []

/**
 * The price list, a TanStack Table. Its order is the caller's (the address's `?sort=`): each
 * header's button asks for the next one. Memoized: the price section renders again,
 * synchronously, the moment hydration ends (`usePageQuery`), and these rows are most of its work.
 */
export const MarketTable = memo(function MarketTable({
  coins,
  currency = 'usd',
  sorting,
  onSortingChange,
}: {
  coins: MarketCoin[]
  /** What the prices are in. */
  currency?: Currency
  sorting?: ColumnSort[]
  onSortingChange?: (sorting: ColumnSort[]) => void
}) {
  const data = useMemo(() => coins.map((coin) => ({ coin, currency })), [coins, currency])
  const table = useListTable({ columns: COLUMNS, data, getRowId: rowId, sorting, onSortingChange })
  return (
    <DataTable
      table={table}
      caption={caption(currency)}
      className="market-table"
      data-currency={currency}
      data-figures={figureWidth(currency)}
    />
  )
})

/**
 * The price list while it loads: the same table with skeleton rows, in the very same geometry
 * (fixed layout, fixed row heights), so the arrival of the data shifts nothing.
 */
export const MarketTableSkeleton = memo(function MarketTableSkeleton({
  currency = 'usd',
}: {
  currency?: Currency
}) {
  const table = useListTable({ columns: COLUMNS, data: NO_ROWS, getRowId: rowId })
  return (
    <DataTable
      table={table}
      caption={caption(currency)}
      className="market-table"
      data-currency={currency}
      data-figures={figureWidth(currency)}
      sortable={false}
      placeholderRows={SKELETON_ROWS}
    />
  )
})
