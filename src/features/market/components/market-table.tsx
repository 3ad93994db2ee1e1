import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import {
  changeDirection,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRank,
  formatSymbol,
  formatTwoDecimals,
} from '../format'
import type { MarketCoin } from '../schemas'
import { CoinImage } from './coin-image'
import { CAPTION, type ColumnId, columnClass, headerOf } from './table-columns'

const COIN_IMAGE_SIZE = 32

// Columns and features live at module scope so their references stay stable between renders.
const features = tableFeatures({})
const column = createColumnHelper<typeof features, MarketCoin>()

const columns = column.columns([
  column.accessor('market_cap_rank', {
    header: headerOf.market_cap_rank,
    cell: (info) => formatRank(info.getValue()),
  }),
  column.accessor('name', {
    header: headerOf.name,
    cell: (info) => (
      <span className="coin-cell">
        <CoinImage
          src={info.row.original.image}
          symbol={info.row.original.symbol}
          size={COIN_IMAGE_SIZE}
        />
        <span className="coin-cell__text">
          <span className="coin-cell__name">{info.getValue()}</span>{' '}
          <span className="coin-cell__symbol">{formatSymbol(info.row.original.symbol)}</span>
        </span>
      </span>
    ),
  }),
  column.accessor('current_price', {
    header: headerOf.current_price,
    cell: (info) => formatPrice(info.getValue()),
  }),
  column.accessor('price_change_percentage_24h', {
    header: headerOf.price_change_percentage_24h,
    cell: (info) => <Change value={info.getValue()} />,
  }),
  column.accessor('market_cap_change_24h', {
    header: headerOf.market_cap_change_24h,
    cell: (info) => formatTwoDecimals(info.getValue()),
  }),
  column.accessor('total_volume', {
    header: headerOf.total_volume,
    cell: (info) => formatNumber(info.getValue()),
  }),
  column.accessor('market_cap', {
    header: headerOf.market_cap,
    cell: (info) => formatNumber(info.getValue()),
  }),
])

function Change({ value }: { value: number | null | undefined }) {
  const direction = changeDirection(value)
  return (
    <span className={`change change--${direction}`}>
      {direction !== 'none' && (
        <>
          <span className="change__arrow" aria-hidden="true">
            {direction === 'up' ? '▲' : '▼'}
          </span>
          {/* 'up' or 'down' in words: colour and arrow are never the only cue. */}
          <span className="visually-hidden">{direction} </span>
        </>
      )}
      {formatPercent(value)}
    </span>
  )
}

/** The price list (its skeleton is market-table-skeleton.tsx, in the same geometry). */
export function MarketTable({ coins }: { coins: MarketCoin[] }) {
  const table = useTable({ features, columns, data: coins, getRowId: (coin) => coin.id })
  const classOf = (id: string) => columnClass[id as ColumnId]

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
