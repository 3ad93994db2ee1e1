import {
  constructTable,
  createColumnHelper,
  createSortedRowModel,
  functionalUpdate,
  type OnChangeFn,
  type Row,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  tableFeatures,
} from '@tanstack/table-core'
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings'
import type { MarketCoin } from '@contract/market'
import { type ColumnId, columnById } from './components/table-columns'
import type { ColumnSort } from './sort'

// The price list's order is TanStack Table's row sorting. The table draws itself
// (components/market-table.tsx): this module only orders its rows and says what a header asks for
// next, so it is loaded the first time an order is asked for, not with the prices.

// Columns and features live at module scope, as in TanStack Table's examples. Only the sort
// function the sorting feature bundles anyway is registered; names have their own.
const features = tableFeatures({
  coreReactivityFeature: storeReactivityBindings(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
})
const column = createColumnHelper<typeof features, MarketCoin>()

type CoinRow = Row<typeof features, MarketCoin>
const byName = (a: CoinRow, b: CoinRow) => a.original.name.localeCompare(b.original.name, 'en')

type NumberKey = {
  [K in keyof MarketCoin]-?: MarketCoin[K] extends number | null | undefined ? K : never
}[keyof MarketCoin]

/**
 * A figure the upstream may not know (null), read as undefined, so `sortUndefined` puts the coins
 * without it last in either direction.
 */
const figure = (id: NumberKey & ColumnId, options: { sortDescFirst?: boolean } = {}) =>
  column.accessor((coin) => coin[id] ?? undefined, {
    id,
    sortFn: 'basic',
    sortUndefined: 'last',
    ...options,
  })

const columns = column.columns([
  // The first press keeps rank 1 on top, as the default order has it.
  figure('market_cap_rank', { sortDescFirst: false }),
  column.accessor('name', { sortFn: byName }),
  figure('current_price'),
  figure('price_change_percentage_24h'),
  figure('market_cap_change_24h'),
  figure('total_volume'),
  figure('market_cap'),
])

function tableOf(
  coins: MarketCoin[],
  sorting: ColumnSort[],
  onSortingChange?: OnChangeFn<SortingState>,
) {
  return constructTable({
    features,
    columns,
    data: coins,
    getRowId: (coin) => coin.id,
    state: { sorting },
    // One column at a time: the address holds one order.
    enableMultiSort: false,
    onSortingChange,
  })
}

/** The coins in `sorting`'s order (the list's own order without one). */
export function sortCoins(coins: MarketCoin[], sorting: ColumnSort[]): MarketCoin[] {
  return tableOf(coins, sorting)
    .getRowModel()
    .rows.map((row) => row.original)
}

/**
 * The order a press on `id`'s header asks for: TanStack Table's toggle (numbers start from the
 * largest, names from A, the rank from 1; a second press reverses, a third goes back to none).
 */
export function nextSorting(
  coins: MarketCoin[],
  sorting: ColumnSort[],
  id: ColumnId,
): ColumnSort[] {
  let next: SortingState = sorting
  tableOf(coins, sorting, (updater) => {
    next = functionalUpdate(updater, sorting)
  })
    .getColumn(id)
    ?.toggleSorting()
  return next.filter((sort): sort is ColumnSort => Object.hasOwn(columnById, sort.id))
}
