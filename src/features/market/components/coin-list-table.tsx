import { memo, type ReactNode, useMemo } from 'react'
import { Change } from '@/components/change'
import { CoinLink } from '@/components/coin-link'
import {
  columnHelper,
  DataTable,
  FIGURE_SORT,
  type ListColumn,
  sortableIds,
  useListTable,
} from '@/components/data-table'
import { CURRENCY_NAMES, type Currency } from '@contract/currency'
import type { MarketListCoin } from '@contract/market-list'
import { changeDirection, formatNumber, formatPercent, formatPrice, formatRank } from '@/lib/format'
import type { ColumnSort } from '@/lib/table-sort'
import { SPARKLINE_HEIGHT, sparklinePath, sparklineWidth } from '../sparkline'
import { figureWidth } from '@/lib/figure-width'

const COIN_IMAGE_SIZE = 24

/** What a row may carry beside its figures (a watchlist star): given per coin by the page. */
export type RowAction = (coin: MarketListCoin) => ReactNode

type Row = { coin: MarketListCoin; currency: Currency }

const column = columnHelper<Row>()

/** The week's prices as a line, drawn in the server's HTML; its 7 d change names it. */
function Sparkline({
  points,
  change,
}: {
  points: readonly number[]
  change: number | null | undefined
}) {
  const path = sparklinePath(points)
  if (!path) return null
  const direction = changeDirection(change)
  const moved = direction === 'up' || direction === 'down' ? `${direction} ` : ''
  return (
    <svg
      className={`sparkline sparkline--${direction}`}
      viewBox={`0 0 ${sparklineWidth(points.length)} ${SPARKLINE_HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Last 7 days: ${moved}${formatPercent(change)}`}
    >
      <path d={path} />
    </svg>
  )
}

// Columns step out as the width shrinks (coin-list.css): the sparkline under 1200 px, the 24 h
// volume under 1024 px, the 1 h and 7 d changes and the market cap under 760 px. The CSS alone
// hides them: taking a hundred rows' cells out of the table after hydration cost a render of
// every row, and moved the last column shown by its padding (docs/DECISIONS.md, "Tables").

const change = (
  id: string,
  header: string,
  value: (coin: MarketListCoin) => number | null | undefined,
  className = 'coin-list__number',
) =>
  column.accessor(({ coin }) => value(coin) ?? undefined, {
    id,
    header,
    cell: ({ getValue }) => <Change value={getValue()} />,
    ...FIGURE_SORT,
    meta: { className },
  })

/**
 * The full list's columns: rank, coin, price, 1 h, 24 h and 7 d changes, 24 h volume, market cap
 * and the week's sparkline. Their ids are the address's names for their orders (`?sort=`).
 */
const FIGURES: ListColumn<Row>[] = [
  column.accessor(({ coin }) => coin.market_cap_rank ?? undefined, {
    id: 'rank',
    header: '#',
    cell: ({ getValue }) => formatRank(getValue()),
    ...FIGURE_SORT,
    sortDescFirst: false,
    meta: { className: 'coin-list__rank' },
  }),
  column.accessor(({ coin }) => coin.name, {
    id: 'name',
    header: 'Coin',
    cell: ({ row: { original } }) => (
      <CoinLink
        coin={original.coin}
        currency={original.currency}
        imageSize={COIN_IMAGE_SIZE}
        preload={false}
      />
    ),
    sortFn: (a, b) => a.original.coin.name.localeCompare(b.original.coin.name, 'en'),
    meta: { className: 'coin-list__coin', rowHeader: true },
  }),
  column.accessor(({ coin }) => coin.current_price ?? undefined, {
    id: 'price',
    header: 'Price',
    cell: ({ row: { original } }) => formatPrice(original.coin.current_price, original.currency),
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number' },
  }),
  change(
    'change_1h',
    '1 h',
    (coin) => coin.price_change_percentage_1h_in_currency,
    'coin-list__number coin-list__wide',
  ),
  change('change', '24 h', (coin) => coin.price_change_percentage_24h),
  change(
    'change_7d',
    '7 d',
    (coin) => coin.price_change_percentage_7d_in_currency,
    'coin-list__number coin-list__wide',
  ),
  column.accessor(({ coin }) => coin.total_volume ?? undefined, {
    id: 'volume',
    header: '24 h volume',
    cell: ({ row: { original } }) => formatNumber(original.coin.total_volume, original.currency),
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number coin-list__wider' },
  }),
  column.accessor(({ coin }) => coin.market_cap ?? undefined, {
    id: 'market_cap',
    header: 'Market cap',
    cell: ({ row: { original } }) => formatNumber(original.coin.market_cap, original.currency),
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number coin-list__wide' },
  }),
  column.display({
    id: 'spark',
    header: 'Last 7 days',
    cell: ({ row: { original } }) => (
      <Sparkline
        points={original.coin.sparkline_in_7d?.price ?? []}
        change={original.coin.price_change_percentage_7d_in_currency}
      />
    ),
    meta: { className: 'coin-list__spark coin-list__widest' },
  }),
]

/** The ids `?sort=` may name on the full list (within its page). */
export const COIN_LIST_SORTS = sortableIds(FIGURES)

/** The figures led by a column of per-row actions (a watchlist star). */
function withAction(action: RowAction): ListColumn<Row>[] {
  return [
    column.display({
      id: 'action',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row: { original } }) => action(original.coin),
      meta: { className: 'coin-list__action' },
    }),
    ...FIGURES,
  ]
}

const rowId = (row: Row) => row.coin.id

/**
 * A page of the full list in `currency`, a TanStack Table; its order is the caller's (the
 * address's `?sort=`, within the page). With `rowAction`, each row starts with that coin's action.
 */
export const CoinListTable = memo(function CoinListTable({
  coins,
  currency,
  rowAction,
  sorting,
  onSortingChange,
}: {
  coins: MarketListCoin[]
  currency: Currency
  rowAction?: RowAction | undefined
  sorting?: ColumnSort[]
  onSortingChange?: (sorting: ColumnSort[]) => void
}) {
  const columns = useMemo(() => (rowAction ? withAction(rowAction) : FIGURES), [rowAction])
  const data = useMemo(() => coins.map((coin) => ({ coin, currency })), [coins, currency])
  const table = useListTable({ columns, data, getRowId: rowId, sorting, onSortingChange })
  return (
    <DataTable
      table={table}
      caption={`Coins by market cap, prices in ${CURRENCY_NAMES[currency]}`}
      className="coin-list"
      data-currency={currency}
      data-figures={figureWidth(currency)}
    />
  )
})
