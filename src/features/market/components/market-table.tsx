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

const COIN_IMAGE_SIZE = 32
/** Rows the skeleton draws: the page asks for exactly this many coins. */
export const SKELETON_ROWS = 6

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
    header: 'Current price',
    cell: (info) => formatPrice(info.getValue()),
  }),
  column.accessor('price_change_percentage_24h', {
    header: '24hrs %',
    cell: (info) => <Change value={info.getValue()} />,
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

/** One class per column: widths, alignment, and the two columns phones do not show. */
const columnClass: Record<string, string> = {
  market_cap_rank: 'col-rank',
  name: 'col-name',
  current_price: 'col-price col-number',
  price_change_percentage_24h: 'col-change col-number',
  market_cap_change_24h: 'col-cap-change col-number',
  total_volume: 'col-volume col-number col-wide',
  market_cap: 'col-cap col-number col-wide',
}

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

/**
 * The price list. Without coins (still loading) it draws skeleton rows in the very same
 * geometry (fixed layout, fixed row heights), so the arrival of the data shifts nothing.
 */
export function MarketTable({ coins }: { coins: MarketCoin[] | undefined }) {
  const table = useTable({ features, columns, data: coins ?? [], getRowId: (coin) => coin.id })
  const loading = coins === undefined

  return (
    <table className="market-table" aria-busy={loading}>
      <caption className="visually-hidden">
        Top {SKELETON_ROWS} cryptocurrencies by market cap, prices in US dollars
      </caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col" className={columnClass[header.column.id]}>
                <table.FlexRender header={header} />
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <tr key={index} className="market-table__skeleton">
                {table.getAllLeafColumns().map((col) => (
                  <td key={col.id} className={columnClass[col.id]}>
                    {col.id === 'name' ? (
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
            ))
          : table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) =>
                  cell.column.id === 'name' ? (
                    <th key={cell.id} scope="row" className={columnClass.name}>
                      <table.FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id} className={columnClass[cell.column.id]}>
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
