import { Link } from '@tanstack/react-router'
import { memo, type ReactNode, useMemo } from 'react'
import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import { formatMoneyChange, formatNumber, formatRank, formatSymbol } from '@/lib/format'
import type { MarketCoin } from '@contract/market'
import { loadTableOrder, useTableOrder } from '@/boot/table-order'
import type { ColumnSort } from '../sort'
import { Change } from '@/components/change'
import { CoinImage } from '@/components/coin-image'
import { CoinStar } from '@/components/coin-star'
import { ColumnHeader, ColumnWidths, SortButton } from './column-header'
import { PriceCell } from './price-cell'
import { type ColumnId, COLUMNS, caption } from './table-columns'

const COIN_IMAGE_SIZE = 32

/**
 * The coin's page, in the list's currency. The whole cell (image, name, symbol) is the link:
 * phones hide the name but not the symbol.
 */
function CoinLink({ coin, currency }: { coin: MarketCoin; currency: Currency }) {
  return (
    <Link
      className="coin-cell"
      to="/coins/$coinId"
      params={{ coinId: coin.id }}
      search={{ currency: currency === DEFAULT_CURRENCY ? undefined : currency }}
    >
      <CoinImage src={coin.image} symbol={coin.symbol} size={COIN_IMAGE_SIZE} />
      <span className="coin-cell__text">
        <span className="coin-cell__name">{coin.name}</span>{' '}
        <span className="coin-cell__symbol">{formatSymbol(coin.symbol)}</span>
      </span>
    </Link>
  )
}

/** The market cap's change in the list's currency: red when it fell, beside its minus sign. */
function CapChange({ value, currency }: { value: number | null | undefined; currency: Currency }) {
  const text = formatMoneyChange(value, currency)
  return text.startsWith('-') ? <span className="change--down">{text}</span> : text
}

/** Each column's cell for a coin, in the list's currency (volume and market cap with its sign). */
const CELLS: Record<ColumnId, (coin: MarketCoin, currency: Currency) => ReactNode> = {
  // The watchlist's star leads the row, in the rank's cell, which has room for it.
  market_cap_rank: (coin) => (
    <span className="rank-cell">
      <CoinStar coinId={coin.id} name={coin.name} />
      {formatRank(coin.market_cap_rank ?? undefined)}
    </span>
  ),
  name: (coin, currency) => <CoinLink coin={coin} currency={currency} />,
  current_price: (coin, currency) => (
    <PriceCell value={coin.current_price ?? undefined} currency={currency} />
  ),
  price_change_percentage_24h: (coin) => (
    <Change value={coin.price_change_percentage_24h ?? undefined} />
  ),
  market_cap_change_24h: (coin, currency) => (
    <CapChange value={coin.market_cap_change_24h} currency={currency} />
  ),
  total_volume: (coin, currency) => formatNumber(coin.total_volume, currency),
  market_cap: (coin, currency) => formatNumber(coin.market_cap, currency),
}

/** The coins in `sorting`'s order once its code is here; meanwhile, and without one, as they came. */
function useOrdered(coins: MarketCoin[], sorting: ColumnSort[]): MarketCoin[] {
  const wanted = sorting.length > 0
  const order = useTableOrder(wanted)
  return useMemo(
    () => (wanted && order ? order.sortCoins(coins, sorting) : coins),
    [coins, sorting, wanted, order],
  )
}

const NO_SORTING: ColumnSort[] = []

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'

/**
 * The price list (its skeleton is market-table-skeleton.tsx, in the same geometry). Its order is
 * the caller's (the address's `?sort=`): each header's button asks for the next one. Memoized:
 * the price section renders again, synchronously, the moment hydration ends (`useHydrated`), and
 * these rows are most of its work.
 */
export const MarketTable = memo(function MarketTable({
  coins,
  currency = 'usd',
  sorting = NO_SORTING,
  onSortingChange,
}: {
  coins: MarketCoin[]
  /** What the prices are in. */
  currency?: Currency
  sorting?: ColumnSort[]
  onSortingChange?: (sorting: ColumnSort[]) => void
}) {
  const rows = useOrdered(coins, sorting)
  const [sorted] = sorting
  const sortedOf = (id: ColumnId) => (sorted?.id === id ? (sorted.desc ? 'desc' : 'asc') : false)
  const askFor = (id: ColumnId) => {
    loadTableOrder().then(
      (module) => onSortingChange?.(module.nextSorting(coins, sorting, id)),
      () => {},
    )
  }

  return (
    <table className="market-table" data-currency={currency} aria-busy={false}>
      <caption className="visually-hidden">{caption(currency)}</caption>
      <ColumnWidths />
      <thead>
        <tr>
          {COLUMNS.map(({ id, className }) => (
            <th key={id} scope="col" className={className} aria-sort={ariaSort(sortedOf(id))}>
              <SortButton sorted={sortedOf(id)} onClick={() => askFor(id)}>
                <ColumnHeader id={id} />
              </SortButton>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((coin) => (
          <tr key={coin.id}>
            {COLUMNS.map(({ id, className }) =>
              id === 'name' ? (
                <th key={id} scope="row" className={className}>
                  {CELLS[id](coin, currency)}
                </th>
              ) : (
                <td key={id} className={className}>
                  {CELLS[id](coin, currency)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
})
