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
import {
  changeDirection,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRank,
  formatSymbol,
} from '@/lib/format'
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
 * How wide a cell's text draws, roughly: figures are tabular (every digit as wide), and the other
 * characters (`.`, `,`, `-`, letters) mostly narrower than a digit.
 */
const drawnWidth = (text: string) => {
  let width = 0
  for (const char of text) width += char >= '0' && char <= '9' ? 1 : 0.6
  return width
}

/** Of `values`, the one whose text (as its cell writes it) draws widest. */
function longest<T>(values: T[], text: (value: T) => string): T {
  let found = values[0] as T
  let widest = -1
  for (const value of values) {
    const width = drawnWidth(text(value))
    if (width > widest) {
      found = value
      widest = width
    }
  }
  return found
}

const changeText = (value: number | null | undefined) => {
  // The arrow (and a space's worth beside it) is drawn only for a change that moved.
  const direction = changeDirection(value)
  const moved = direction === 'up' || direction === 'down'
  return `${moved ? '▲ ' : ''}${formatPercent(value)}`
}

/**
 * A coin made of each column's widest value on the page, for the table's sizer row (`DataTable`):
 * the longest name, symbol, rank, price, changes, volume and market cap, each as its cell writes it.
 */
export function widestCoin(coins: MarketListCoin[], currency: Currency): MarketListCoin {
  const pick = <K extends keyof MarketListCoin>(key: K, text: (coin: MarketListCoin) => string) =>
    longest(coins, text)[key]
  return {
    ...longest(coins, (coin) => coin.name),
    symbol: pick('symbol', (coin) => formatSymbol(coin.symbol)),
    // Its monogram: the same size as a logo, and nothing to fetch.
    image: null,
    market_cap_rank: pick('market_cap_rank', (coin) => formatRank(coin.market_cap_rank)),
    current_price: pick('current_price', (coin) => formatPrice(coin.current_price, currency)),
    price_change_percentage_1h_in_currency: pick('price_change_percentage_1h_in_currency', (coin) =>
      changeText(coin.price_change_percentage_1h_in_currency),
    ),
    price_change_percentage_24h: pick('price_change_percentage_24h', (coin) =>
      changeText(coin.price_change_percentage_24h),
    ),
    price_change_percentage_7d_in_currency: pick('price_change_percentage_7d_in_currency', (coin) =>
      changeText(coin.price_change_percentage_7d_in_currency),
    ),
    total_volume: pick('total_volume', (coin) => formatNumber(coin.total_volume, currency)),
    market_cap: pick('market_cap', (coin) => formatNumber(coin.market_cap, currency)),
    sparkline_in_7d: null,
  }
}

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
  const widest = useMemo(
    () => (coins.length > 0 ? [{ coin: widestCoin(coins, currency), currency }] : []),
    [coins, currency],
  )
  const sizer = useListTable({ columns, data: widest, getRowId: rowId })
  return (
    <DataTable
      table={table}
      sizer={sizer}
      rowsLater
      caption={`Coins by market cap, prices in ${CURRENCY_NAMES[currency]}`}
      className="coin-list"
      data-currency={currency}
      data-figures={figureWidth(currency)}
    />
  )
})
