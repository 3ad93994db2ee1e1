import { type ColumnId, columnById } from './table-columns'

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
