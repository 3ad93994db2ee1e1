import * as v from 'valibot'

/** One column's order, in TanStack Table's shape (our tables sort by one column at a time). */
export type ColumnSort = { id: string; desc: boolean }

/**
 * `?sort=` of a table's page: a column's id and a direction (`price_desc`). Which ids exist is the
 * table's to say (`sortingFromParam`); anything not shaped so is the default order.
 */
export const SortParamSchema = v.fallback(
  v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*_(?:asc|desc)$/))),
  undefined,
)

// One value for the default order, so a render without `?sort=` hands the table what it had.
const DEFAULT_ORDER: ColumnSort[] = []

/** The table's sorting for `?sort=`: none for a missing value or a column not in `sortable`. */
export function sortingFromParam(
  param: string | undefined,
  sortable: readonly string[],
): ColumnSort[] {
  const match = /^([a-z][a-z0-9_]*)_(asc|desc)$/.exec(param ?? '')
  const [, id = '', direction] = match ?? []
  return sortable.includes(id) ? [{ id, desc: direction === 'desc' }] : DEFAULT_ORDER
}

/** `?sort=` for the table's sorting: undefined (no parameter) for the default order. */
export function paramFromSorting(sorting: readonly ColumnSort[]): string | undefined {
  const [first] = sorting
  return first && `${first.id}_${first.desc ? 'desc' : 'asc'}`
}
