import {
  type CellData,
  type ColumnDef,
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  functionalUpdate,
  type ReactTable,
  type RowData,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  type TableFeatures,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table'
import { useNavigate } from '@tanstack/react-router'
import {
  type HTMLAttributes,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { type ColumnSort, paramFromSorting, sortingFromParam } from '@/lib/table-sort'
import { useHydrated } from './hydrated'
import { LaterRows, openLaterRows } from './later-rows'

// Every table of the site (the price list, the full list, the watchlist) is a TanStack Table
// instance drawn by `DataTable`: column definitions once per table, header groups, rows and
// cells from the table, one header row written once, here.

declare module '@tanstack/react-table' {
  interface ColumnMeta<
    in out TFeatures extends TableFeatures,
    in out TData extends RowData,
    TValue extends CellData = CellData,
  > {
    /** Width, alignment and small-screen rules (the CSS hides the column before hydration). */
    className?: string
    /** The cell that names its row: a `<th scope="row">`. */
    rowHeader?: boolean
    /**
     * Hidden by the table's column visibility below this width (px), where the CSS already hides
     * it in the server's HTML: the same breakpoint as the table's stylesheet.
     */
    hideBelow?: number
  }
}

/** The features our tables use: sorting by one column, and columns hidden on small screens. */
export const listFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
})
export type ListFeatures = typeof listFeatures

export const columnHelper = <TData extends RowData>() => createColumnHelper<ListFeatures, TData>()

// biome-ignore lint/suspicious/noExplicitAny: a table's columns have values of several types
export type ListColumn<TData extends RowData> = ColumnDef<ListFeatures, TData, any>

/** A sortable figure the upstream may not know: read as undefined, so it sorts last either way. */
export const FIGURE_SORT = { sortFn: 'basic', sortUndefined: 'last' } as const

// ---- Column visibility on small screens

/** The ids of the columns `widths` hides in a window of this width, as a stable string key. */
const hiddenAt = (widths: { id: string; below: number }[]) =>
  widths
    .filter(({ below }) => matchMedia(`(max-width: ${below - 0.02}px)`).matches)
    .map(({ id }) => id)
    .join(' ')

/**
 * The columns hidden at this width, as a key (`"market_cap volume"`). The first render hides none:
 * hydration renders the server's HTML, where the CSS already hides them, so nothing moves. Then
 * they leave the table in a transition, which React renders in slices that yield to the browser.
 * As a store update it was one synchronous render of every row: on `/coins` at 412 px, CPU × 4
 * (`npm run bench -- --only hydration`), blocking time after first paint was 193 ms (runs 193,
 * 222, 114) with it and 29 ms (71, 17, 29) with the transition (docs/DECISIONS.md, "Tables").
 */
function useHiddenColumns<TData extends RowData>(columns: readonly ListColumn<TData>[]): string {
  const [hidden, setHidden] = useState('')
  useEffect(() => {
    const widths = columns.flatMap((column) => {
      const below = column.meta?.hideBelow
      return below && column.id ? [{ id: column.id, below }] : []
    })
    // Every browser has matchMedia; a test's DOM may not.
    if (widths.length === 0 || typeof matchMedia !== 'function') return
    const update = () => startTransition(() => setHidden(hiddenAt(widths)))
    update()
    const queries = [...new Set(widths.map(({ below }) => below))].map((below) =>
      matchMedia(`(max-width: ${below - 0.02}px)`),
    )
    for (const query of queries) query.addEventListener('change', update)
    return () => {
      for (const query of queries) query.removeEventListener('change', update)
    }
  }, [columns])
  return hidden
}

// ---- Sorting in the address

/**
 * A table's sorting, kept in the address's `?sort=`: pressing a header replaces the address (no
 * new history entry, the page stays where it is scrolled). The server renders every address in
 * the default order (its caches know no `?sort=`), so hydration does too and the address's order
 * applies in the render right after it.
 */
export function useAddressSorting(sort: string | undefined, sortable: readonly string[]) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const sorting = useMemo(
    () => sortingFromParam(hydrated ? sort : undefined, sortable),
    [hydrated, sort, sortable],
  )
  const onSortingChange = useCallback(
    (next: ColumnSort[]) =>
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, sort: paramFromSorting(next) }),
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  )
  return { sorting, onSortingChange }
}

/** The ids of the columns a visitor may sort by, for `sortingFromParam`. */
export const sortableIds = <TData extends RowData>(columns: readonly ListColumn<TData>[]) =>
  // A display column (a star, a sparkline) has no value to sort by.
  columns.flatMap((column) =>
    column.id && 'accessorFn' in column && column.enableSorting !== false ? [column.id] : [],
  )

const NO_SORTING: ColumnSort[] = []

/**
 * A table instance for `data` with `columns`: its sorting is the caller's (the address's), and
 * the columns marked `hideBelow` are hidden on screens narrower than that.
 */
export function useListTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  sorting = NO_SORTING,
  onSortingChange,
}: {
  columns: ListColumn<TData>[]
  data: TData[]
  getRowId: (row: TData) => string
  sorting?: ColumnSort[] | undefined
  onSortingChange?: ((sorting: ColumnSort[]) => void) | undefined
}): ReactTable<ListFeatures, TData> {
  const hidden = useHiddenColumns(columns)
  const columnVisibility = useMemo(
    () => Object.fromEntries(hidden.split(' ').flatMap((id) => (id ? [[id, false]] : []))),
    [hidden],
  )
  return useTable({
    features: listFeatures,
    columns,
    data,
    getRowId,
    state: { sorting, columnVisibility },
    // One column at a time: the address holds one order.
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) =>
      onSortingChange?.(functionalUpdate(updater, sorting) as ColumnSort[]),
  })
}

// ---- Drawing

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'

/**
 * A sortable header's control: a real button (keyboard and screen readers reach it), styled as the
 * header's text so the header keeps its geometry. The arrow is decoration; the header's
 * `aria-sort` says the order.
 */
function SortButton({
  sorted,
  onClick,
  children,
}: {
  sorted: false | 'asc' | 'desc'
  onClick: ((event: unknown) => void) | undefined
  children: ReactNode
}) {
  return (
    <button type="button" className="sort-button" onClick={onClick}>
      {children}
      {sorted && (
        <span className="sort-button__arrow" aria-hidden="true">
          {sorted === 'asc' ? '▲' : '▼'}
        </span>
      )}
    </button>
  )
}

type RowModel<TData extends RowData> = ReturnType<
  ReactTable<ListFeatures, TData>['getRowModel']
>['rows']

/**
 * The table's rows, a component of their own: rows that wait to hydrate (`LaterRows`) are not
 * even drawn in the browser until then. They are given as they were when the parent rendered, not
 * read from the table: React hydrates waiting rows with the props they were rendered with, and the
 * table may have been sorted since (a mismatch, React error #418).
 */
function Rows<TData extends RowData>({
  table,
  rows,
}: {
  table: ReactTable<ListFeatures, TData>
  rows: RowModel<TData>
}) {
  return rows.map((row) => (
    <tr key={row.id}>
      {row.getVisibleCells().map((cell) => {
        const { className, rowHeader } = cell.column.columnDef.meta ?? {}
        const Cell = rowHeader ? 'th' : 'td'
        return (
          <Cell key={cell.id} scope={rowHeader ? 'row' : undefined} className={className}>
            <table.FlexRender cell={cell} />
          </Cell>
        )
      })}
    </tr>
  ))
}

/**
 * A table's markup from its instance: caption, one `<col>` per visible column (a fixed layout
 * takes its widths from them before the header row is parsed), the header groups, then the rows;
 * each cell's class from its column. With `placeholderRows`, the body is that many skeleton rows
 * in the very same geometry (a list still loading).
 */
export function DataTable<TData extends RowData>({
  table,
  caption,
  sortable = true,
  placeholderRows,
  sizer,
  rowsLater = false,
  ...attributes
}: {
  table: ReactTable<ListFeatures, TData>
  caption: ReactNode
  /** False draws plain headers (a skeleton has nothing to sort). */
  sortable?: boolean
  placeholderRows?: number
  /**
   * For a table sized by its content: a one-row table (the same columns) whose row holds each
   * column's widest value. Drawn first, collapsed and hidden from everyone, it sizes the columns
   * from the first paint: the browser may paint before it has parsed the last rows, and columns
   * sized by the rows parsed so far widened as the rest arrived (a layout shift on `/coins`).
   */
  sizer?: ReactTable<ListFeatures, TData>
  /** The rows hydrate when the visitor reaches for the page (`LaterRows`): a long table's. */
  rowsLater?: boolean
} & HTMLAttributes<HTMLTableElement> & { [data: `data-${string}`]: string }) {
  const columns = table.getVisibleLeafColumns()
  const rowModel = table.getRowModel().rows
  // Rows still waiting to hydrate must not be updated (LaterRows): new rows or a new order
  // (the address's `?sort=` applied after hydration) let them hydrate first.
  const hydratedRows = useRef(rowModel)
  if (rowsLater && rowModel !== hydratedRows.current) openLaterRows()
  const rows = <Rows table={table} rows={rowModel} />
  return (
    <table {...attributes} aria-busy={placeholderRows !== undefined}>
      <caption className="visually-hidden">{caption}</caption>
      <colgroup>
        {columns.map((column) => (
          <col key={column.id} className={column.columnDef.meta?.className} />
        ))}
      </colgroup>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const { column } = header
              const sorted = column.getIsSorted()
              const label = header.isPlaceholder ? null : <table.FlexRender header={header} />
              const canSort = sortable && column.getCanSort()
              return (
                <th
                  key={header.id}
                  scope="col"
                  colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                  className={column.columnDef.meta?.className}
                  aria-sort={canSort ? ariaSort(sorted) : undefined}
                >
                  {canSort ? (
                    <SortButton sorted={sorted} onClick={column.getToggleSortingHandler()}>
                      {label}
                    </SortButton>
                  ) : (
                    label
                  )}
                </th>
              )
            })}
          </tr>
        ))}
        {sizer?.getRowModel().rows.map((row) => (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: inert, nothing in it takes focus; aria-hidden for tools that ignore inert
          <tr key={row.id} className="data-table__sizer" aria-hidden="true" inert>
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} className={cell.column.columnDef.meta?.className}>
                {/* A column without values (a star, a sparkline) is as wide in every row. */}
                {cell.column.accessorFn ? <sizer.FlexRender cell={cell} /> : null}
              </td>
            ))}
          </tr>
        ))}
      </thead>
      {placeholderRows === undefined ? (
        <tbody>{rowsLater ? <LaterRows>{rows}</LaterRows> : rows}</tbody>
      ) : (
        <tbody className="skeleton-group">
          {Array.from({ length: placeholderRows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <tr key={index} className="data-table__skeleton">
              {columns.map((column) => (
                <td key={column.id} className={column.columnDef.meta?.className}>
                  {column.columnDef.meta?.rowHeader ? (
                    <span className="coin-cell" aria-hidden="true">
                      <span className="skeleton skeleton--circle" />
                      <span className="skeleton skeleton--text" />
                    </span>
                  ) : (
                    <span className="skeleton skeleton--text" aria-hidden="true" />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      )}
    </table>
  )
}
