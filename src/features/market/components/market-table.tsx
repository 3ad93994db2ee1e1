import { Link } from '@tanstack/react-router'
import {
  createColumnHelper,
  createSortedRowModel,
  functionalUpdate,
  type Row,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { use } from 'react'
import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import { formatMoneyChange, formatNumber, formatRank, formatSymbol } from '@/lib/format'
import type { MarketCoin } from '@contract/market'
import type { ColumnSort } from '../sort'
import { Change } from '@/components/change'
import { CoinImage } from '@/components/coin-image'
import { ColumnHeader, SortButton } from './column-header'
import { CurrencyContext, PriceCell } from './price-cell'
import { type ColumnId, caption, columnById } from './table-columns'

const COIN_IMAGE_SIZE = 32

// Columns and features live at module scope so their references stay stable between renders.
// Only the sort function the sorting feature bundles anyway is registered; names have their own.
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
})
const column = createColumnHelper<typeof features, MarketCoin>()

type CoinRow = Row<typeof features, MarketCoin>
const byName = (a: CoinRow, b: CoinRow) => a.original.name.localeCompare(b.original.name, 'en')

/**
 * A figure the upstream may not know (null): read as undefined, so `sortUndefined` puts the
 * coins without it last in either direction.
 */
const figure = (key: NumberKey) => (coin: MarketCoin) => coin[key] ?? undefined
type NumberKey = {
  [K in keyof MarketCoin]-?: MarketCoin[K] extends number | null | undefined ? K : never
}[keyof MarketCoin]
const NUMBER_SORT = { sortFn: 'basic', sortUndefined: 'last' } as const

const columns = column.columns([
  column.accessor(figure('market_cap_rank'), {
    id: 'market_cap_rank',
    ...NUMBER_SORT,
    // The first click keeps rank 1 on top, as the default order has it.
    sortDescFirst: false,
    header: () => <ColumnHeader id="market_cap_rank" />,
    cell: (info) => formatRank(info.getValue()),
  }),
  column.accessor('name', {
    sortFn: byName,
    header: () => <ColumnHeader id="name" />,
    cell: (info) => <CoinLink coin={info.row.original} />,
  }),
  column.accessor(figure('current_price'), {
    id: 'current_price',
    ...NUMBER_SORT,
    header: () => <ColumnHeader id="current_price" />,
    cell: (info) => <PriceCell value={info.getValue()} />,
  }),
  column.accessor(figure('price_change_percentage_24h'), {
    id: 'price_change_percentage_24h',
    ...NUMBER_SORT,
    header: () => <ColumnHeader id="price_change_percentage_24h" />,
    cell: (info) => <Change value={info.getValue()} />,
  }),
  column.accessor(figure('market_cap_change_24h'), {
    id: 'market_cap_change_24h',
    ...NUMBER_SORT,
    header: () => <ColumnHeader id="market_cap_change_24h" />,
    cell: (info) => <CapChange value={info.getValue()} />,
  }),
  column.accessor(figure('total_volume'), {
    id: 'total_volume',
    ...NUMBER_SORT,
    header: () => <ColumnHeader id="total_volume" />,
    cell: (info) => <Sum value={info.getValue()} />,
  }),
  column.accessor(figure('market_cap'), {
    id: 'market_cap',
    ...NUMBER_SORT,
    header: () => <ColumnHeader id="market_cap" />,
    cell: (info) => <Sum value={info.getValue()} />,
  }),
])

/**
 * The coin's page, in the list's currency. The whole cell (image, name, symbol) is the link:
 * phones hide the name but not the symbol.
 */
function CoinLink({ coin }: { coin: MarketCoin }) {
  const currency = use(CurrencyContext)
  return (
    <Link
      className="coin-cell"
      to="/coins/$coinId"
      params={{ coinId: coin.id }}
      search={{ currency: currency === DEFAULT_CURRENCY ? undefined : currency }}
    >
      <CoinImage src={coin.image} symbol={coin.symbol} size={COIN_IMAGE_SIZE} />
      <span className="coin-cell__text">
        <span className="coin-cell__name">{coin.name}</span>{' '}
        <span className="coin-cell__symbol">{formatSymbol(coin.symbol)}</span>
      </span>
    </Link>
  )
}

/** Volume or market cap in the list's currency, with its sign. */
function Sum({ value }: { value: number | null | undefined }) {
  return formatNumber(value, use(CurrencyContext))
}

/** The market cap's change in the list's currency: red when it fell, beside its minus sign. */
function CapChange({ value }: { value: number | null | undefined }) {
  const text = formatMoneyChange(value, use(CurrencyContext))
  return text.startsWith('-') ? <span className="change--down">{text}</span> : text
}

const NO_SORTING: ColumnSort[] = []

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'

/**
 * The price list (its skeleton is market-table-skeleton.tsx, in the same geometry). Its order is
 * the caller's (the address's `?sort=`): each header's button asks for the next one.
 */
export function MarketTable({
  coins,
  currency = 'usd',
  sorting = NO_SORTING,
  onSortingChange,
}: {
  coins: MarketCoin[]
  /** What the prices are in. */
  currency?: Currency
  sorting?: ColumnSort[]
  onSortingChange?: (sorting: SortingState) => void
}) {
  const table = useTable({
    features,
    columns,
    data: coins,
    getRowId: (coin) => coin.id,
    state: { sorting },
    // One column at a time: the address holds one order.
    enableMultiSort: false,
    onSortingChange: (updater) => onSortingChange?.(functionalUpdate(updater, sorting)),
  })
  const classOf = (id: string) => columnById[id as ColumnId].className

  return (
    <CurrencyContext value={currency}>
      <table className="market-table" data-currency={currency} aria-busy={false}>
        <caption className="visually-hidden">{caption(currency)}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={classOf(header.column.id)}
                  aria-sort={ariaSort(header.column.getIsSorted())}
                >
                  <SortButton
                    sorted={header.column.getIsSorted()}
                    onClick={header.column.getToggleSortingHandler()}
                  >
                    <table.FlexRender header={header} />
                  </SortButton>
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) =>
                cell.column.id === 'name' ? (
                  <th key={cell.id} scope="row" className={classOf('name')}>
                    <table.FlexRender cell={cell} />
                  </th>
                ) : (
                  <td key={cell.id} className={classOf(cell.column.id)}>
                    <table.FlexRender cell={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </CurrencyContext>
  )
}
