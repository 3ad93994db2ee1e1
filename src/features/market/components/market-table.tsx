import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import type { MarketCoin } from '../schemas'
import {
  changeDirection,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRank,
  formatSymbol,
  formatTwoDecimals,
} from '../format'

// Columns and features live at module scope so their references stay stable between renders.
const features = tableFeatures({})
const column = createColumnHelper<typeof features, MarketCoin>()

const columns = column.columns([
  column.accessor('market_cap_rank', {
    header: 'Market Rank',
    cell: (info) => formatRank(info.getValue()),
  }),
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <span className="coin-name">
        {info.getValue()}{' '}
        <span className="coin-symbol">{formatSymbol(info.row.original.symbol)}</span>
      </span>
    ),
  }),
  column.accessor('current_price', {
    header: 'Current price',
    cell: (info) => formatPrice(info.getValue()),
  }),
  column.accessor('price_change_percentage_24h', {
    header: '24hrs %',
    cell: (info) => {
      const direction = changeDirection(info.getValue())
      return (
        <span className={`change change--${direction}`}>
          {direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : ''}
          {formatPercent(info.getValue())}
        </span>
      )
    },
  }),
  column.accessor('market_cap_change_24h', {
    header: 'Mkt cap 24',
    cell: (info) => formatTwoDecimals(info.getValue()),
  }),
  column.accessor('total_volume', {
    header: 'Volume 24hrs',
    cell: (info) => formatNumber(info.getValue()),
  }),
  column.accessor('market_cap', {
    header: 'Mkt cap',
    cell: (info) => formatNumber(info.getValue()),
  }),
])

export function MarketTable({ coins }: { coins: MarketCoin[] }) {
  const table = useTable({ features, columns, data: coins, getRowId: (coin) => coin.id })

  return (
    <table className="market-table">
      <caption>Today's cryptocurrency prices</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col">
                <table.FlexRender header={header} />
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getAllCells().map((cell) => (
              <td key={cell.id}>
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
