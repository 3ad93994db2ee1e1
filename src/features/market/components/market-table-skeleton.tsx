import { memo } from 'react'
import type { Currency } from '@contract/currency'
import { ColumnHeader, ColumnWidths } from './column-header'
import { COLUMNS, caption, SKELETON_ROWS } from './table-columns'

/**
 * The price list while it loads, in the very same geometry as the table (fixed layout, fixed row
 * heights), so the arrival of the data shifts nothing. It needs no table code: prerendered pages
 * and visitors who never scroll to the prices do not load TanStack Table. Memoized: the price
 * section renders again, synchronously, the moment hydration ends (`useHydrated`), and this is
 * most of its markup.
 */
export const MarketTableSkeleton = memo(function MarketTableSkeleton({
  currency = 'usd',
}: {
  currency?: Currency
}) {
  return (
    <table className="market-table" data-currency={currency} aria-busy={true}>
      <caption className="visually-hidden">{caption(currency)}</caption>
      <ColumnWidths />
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column.id} scope="col" className={column.className}>
              <ColumnHeader id={column.id} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="skeleton-group">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <tr key={index} className="market-table__skeleton">
            {COLUMNS.map((column) => (
              <td key={column.id} className={column.className}>
                {column.id === 'name' ? (
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
    </table>
  )
})
