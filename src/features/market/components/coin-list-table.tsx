import { Link } from '@tanstack/react-router'
import { memo, type ReactNode } from 'react'
import { Change } from '@/components/change'
import { CoinImage } from '@/components/coin-image'
import { CURRENCY_NAMES, type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import type { MarketListCoin } from '@contract/market-list'
import {
  changeDirection,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRank,
  formatSymbol,
} from '@/lib/format'
import { SPARKLINE_HEIGHT, sparklinePath, sparklineWidth } from '../sparkline'

const COIN_IMAGE_SIZE = 24

/** What a row may carry beside its figures (a watchlist star): given per coin by the page. */
export type RowAction = (coin: MarketListCoin) => ReactNode

/**
 * A page of the full list: rank, coin, price, 1 h, 24 h and 7 d changes, 24 h volume, market cap
 * and the week's sparkline, in `currency`. Phones keep rank, coin, price and 24 h (coin-list.css).
 * With `rowAction`, each row starts with that coin's action.
 */
export const CoinListTable = memo(function CoinListTable({
  coins,
  currency,
  rowAction,
}: {
  coins: MarketListCoin[]
  currency: Currency
  rowAction?: RowAction | undefined
}) {
  return (
    <table className="coin-list" data-currency={currency}>
      <caption className="visually-hidden">
        Coins by market cap, prices in {CURRENCY_NAMES[currency]}
      </caption>
      <thead>
        <tr>
          {rowAction && (
            <th scope="col" className="coin-list__action">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
          <th scope="col" className="coin-list__rank">
            #
          </th>
          <th scope="col" className="coin-list__coin">
            Coin
          </th>
          <th scope="col" className="coin-list__number">
            Price
          </th>
          <th scope="col" className="coin-list__number coin-list__wide">
            1 h
          </th>
          <th scope="col" className="coin-list__number">
            24 h
          </th>
          <th scope="col" className="coin-list__number coin-list__wide">
            7 d
          </th>
          <th scope="col" className="coin-list__number coin-list__wider">
            24 h volume
          </th>
          <th scope="col" className="coin-list__number coin-list__wide">
            Market cap
          </th>
          <th scope="col" className="coin-list__spark coin-list__widest">
            Last 7 days
          </th>
        </tr>
      </thead>
      <tbody>
        {coins.map((coin) => (
          <CoinListRow key={coin.id} coin={coin} currency={currency} action={rowAction?.(coin)} />
        ))}
      </tbody>
    </table>
  )
})

/** One coin's row; `action`, when given, is its first cell (the spot for a per-row action). */
export function CoinListRow({
  coin,
  currency,
  action,
}: {
  coin: MarketListCoin
  currency: Currency
  action?: ReactNode
}) {
  return (
    <tr>
      {action !== undefined && <td className="coin-list__action">{action}</td>}
      <td className="coin-list__rank">{formatRank(coin.market_cap_rank)}</td>
      <th scope="row" className="coin-list__coin">
        <Link
          className="coin-cell"
          to="/coins/$coinId"
          params={{ coinId: coin.id }}
          search={{ currency: currency === DEFAULT_CURRENCY ? undefined : currency }}
          // A hundred links: a hover must not start a coin's requests, which spend the budget.
          preload={false}
        >
          <CoinImage src={coin.image} symbol={coin.symbol} size={COIN_IMAGE_SIZE} />
          <span className="coin-cell__text">
            <span className="coin-cell__name">{coin.name}</span>{' '}
            <span className="coin-cell__symbol">{formatSymbol(coin.symbol)}</span>
          </span>
        </Link>
      </th>
      <td className="coin-list__number">{formatPrice(coin.current_price, currency)}</td>
      <td className="coin-list__number coin-list__wide">
        <Change value={coin.price_change_percentage_1h_in_currency} />
      </td>
      <td className="coin-list__number">
        <Change value={coin.price_change_percentage_24h} />
      </td>
      <td className="coin-list__number coin-list__wide">
        <Change value={coin.price_change_percentage_7d_in_currency} />
      </td>
      <td className="coin-list__number coin-list__wider">
        {formatNumber(coin.total_volume, currency)}
      </td>
      <td className="coin-list__number coin-list__wide">
        {formatNumber(coin.market_cap, currency)}
      </td>
      <td className="coin-list__spark coin-list__widest">
        <Sparkline
          points={coin.sparkline_in_7d?.price ?? []}
          change={coin.price_change_percentage_7d_in_currency}
        />
      </td>
    </tr>
  )
}

/** The week's prices as a line, drawn in the server's HTML; its 7 d change names it. */
function Sparkline({
  points,
  change,
}: {
  points: readonly number[]
  change: number | null | undefined
}) {
  const path = sparklinePath(points)
  if (!path) return null
  const direction = changeDirection(change)
  const moved = direction === 'up' || direction === 'down' ? `${direction} ` : ''
  return (
    <svg
      className={`sparkline sparkline--${direction}`}
      viewBox={`0 0 ${sparklineWidth(points.length)} ${SPARKLINE_HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Last 7 days: ${moved}${formatPercent(change)}`}
    >
      <path d={path} />
    </svg>
  )
}
