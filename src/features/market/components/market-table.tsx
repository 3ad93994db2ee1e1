import { Link } from '@tanstack/react-router'
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import {
  changeDirection,
  formatNumber,
  formatPrice,
  formatRank,
  formatSymbol,
  formatUsdChange,
} from '@/lib/format'
import type { MarketCoin } from '../schemas'
import { Change } from '@/components/change'
import { CoinImage } from '@/components/coin-image'
import { ColumnHeader } from './column-header'
import { CAPTION, type ColumnId, columnById } from './table-columns'

const COIN_IMAGE_SIZE = 32

// Columns and features live at module scope so their references stay stable between renders.
const features = tableFeatures({})
const column = createColumnHelper<typeof features, MarketCoin>()

const columns = column.columns([
  column.accessor('market_cap_rank', {
    header: () => <ColumnHeader id="market_cap_rank" />,
    cell: (info) => formatRank(info.getValue()),
  }),
  column.accessor('name', {
    header: () => <ColumnHeader id="name" />,
    // The whole cell (image, name, symbol) is the link: phones hide the name but not the symbol.
    cell: (info) => (
      <Link className="coin-cell" to="/coins/$coinId" params={{ coinId: info.row.original.id }}>
        <CoinImage
          src={info.row.original.image}
          symbol={info.row.original.symbol}
          size={COIN_IMAGE_SIZE}
        />
        <span className="coin-cell__text">
          <span className="coin-cell__name">{info.getValue()}</span>{' '}
          <span className="coin-cell__symbol">{formatSymbol(info.row.original.symbol)}</span>
        </span>
      </Link>
    ),
  }),
  column.accessor('current_price', {
    header: () => <ColumnHeader id="current_price" />,
    cell: (info) => formatPrice(info.getValue()),
  }),
  column.accessor('price_change_percentage_24h', {
    header: () => <ColumnHeader id="price_change_percentage_24h" />,
    cell: (info) => <Change value={info.getValue()} />,
  }),
  column.accessor('market_cap_change_24h', {
    header: () => <ColumnHeader id="market_cap_change_24h" />,
    cell: (info) => <CapChange value={info.getValue()} />,
  }),
  column.accessor('total_volume', {
    header: () => <ColumnHeader id="total_volume" />,
    cell: (info) => formatNumber(info.getValue()),
  }),
  column.accessor('market_cap', {
    header: () => <ColumnHeader id="market_cap" />,
    cell: (info) => formatNumber(info.getValue()),
  }),
])

/** The market cap's change in dollars: red when it fell, beside its minus sign. */
function CapChange({ value }: { value: number | null | undefined }) {
  const direction = changeDirection(value)
  const text = formatUsdChange(value)
  return direction === 'down' ? <span className="change--down">{text}</span> : text
}

/** The price list (its skeleton is market-table-skeleton.tsx, in the same geometry). */
export function MarketTable({ coins }: { coins: MarketCoin[] }) {
  const table = useTable({ features, columns, data: coins, getRowId: (coin) => coin.id })
  const classOf = (id: string) => columnById[id as ColumnId].className

  return (
    <table className="market-table" aria-busy={false}>
      <caption className="visually-hidden">{CAPTION}</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col" className={classOf(header.column.id)}>
                <table.FlexRender header={header} />
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
  )
}
