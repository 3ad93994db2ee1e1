import type { ReactNode } from 'react'
import { COLUMNS, type ColumnId, columnById } from './table-columns'

/** A column's header, as the table and its skeleton both draw it. */
export function ColumnHeader({ id }: { id: ColumnId }) {
  const { header, short, note } = columnById[id]
  if (short) {
    return (
      <>
        <span className="column-header__short" aria-hidden="true">
          {short}
        </span>
        <span className="column-header__full">{header}</span>
      </>
    )
  }
  if (note) {
    return (
      <>
        {header} <span className="column-header__note">{note}</span>
      </>
    )
  }
  return header
}

/**
 * Every column with its class, before the header row: the fixed layout takes the widths from
 * these, so a slow phone that draws the table with part of its header row parsed lays the columns
 * out as they end (drawn from three header cells, the columns moved when the rest came).
 */
export function ColumnWidths() {
  return (
    <colgroup>
      {COLUMNS.map((column) => (
        <col key={column.id} className={column.className} />
      ))}
    </colgroup>
  )
}

/**
 * A sortable header's control: a real button (keyboard and screen readers reach it), styled as the
 * header's text so the header keeps the skeleton's geometry. The arrow is decoration; the header's
 * `aria-sort` says the order.
 */
export function SortButton({
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
