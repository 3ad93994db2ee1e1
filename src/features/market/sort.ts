import * as v from 'valibot'
import { CurrencyParamSchema } from '@contract/currency'
import type { ColumnId } from './components/table-columns'

/** The price list's sortable columns by their name in the address (`?sort=price_desc`). */
export const SORT_KEYS = {
  rank: 'market_cap_rank',
  name: 'name',
  price: 'current_price',
  change: 'price_change_percentage_24h',
  cap_change: 'market_cap_change_24h',
  volume: 'total_volume',
  market_cap: 'market_cap',
} as const satisfies Record<string, ColumnId>

type SortKey = keyof typeof SORT_KEYS
export type SortParam = `${SortKey}_${'asc' | 'desc'}`

/** One column's order, in TanStack Table's shape (its `SortingState` holds at most this one). */
export type ColumnSort = { id: ColumnId; desc: boolean }

const isSortKey = (key: string): key is SortKey => Object.hasOwn(SORT_KEYS, key)

const SORT_PARAMS = Object.keys(SORT_KEYS).flatMap((key) => [`${key}_asc`, `${key}_desc`])

/** `?sort=`: one of the known orders; anything else is the default order (no sort). */
export const SortParamSchema = v.fallback(
  v.optional(
    v.custom<SortParam>((value) => typeof value === 'string' && SORT_PARAMS.includes(value)),
  ),
  undefined,
)

/** The price list's address: its order (`?sort=`) and its currency (`?currency=`, else usd). */
export const PriceListSearchSchema = v.object({
  sort: SortParamSchema,
  currency: CurrencyParamSchema,
})

// One value for the default order, so a render without `?sort=` hands the table what it had.
const DEFAULT_ORDER: ColumnSort[] = []

/** The table's sorting for an address's `?sort=` value: none for a missing or unknown one. */
export function sortingFromParam(param: string | undefined): ColumnSort[] {
  const match = /^([a-z_]+)_(asc|desc)$/.exec(param ?? '')
  if (!match) return DEFAULT_ORDER
  const [, key = '', direction] = match
  if (!isSortKey(key)) return DEFAULT_ORDER
  return [{ id: SORT_KEYS[key], desc: direction === 'desc' }]
}

/** The `?sort=` value for the table's sorting: undefined (no parameter) for the default order. */
export function paramFromSorting(
  sorting: readonly { id: string; desc: boolean }[],
): SortParam | undefined {
  const [first] = sorting
  if (!first) return undefined
  const key = Object.keys(SORT_KEYS)
    .filter(isSortKey)
    .find((k) => SORT_KEYS[k] === first.id)
  return key && `${key}_${first.desc ? 'desc' : 'asc'}`
}
